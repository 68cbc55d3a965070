-- Made by migration 0002. Its definition lives here now: change it in this file.
CREATE OR REPLACE TRIGGER services_search_after_rename AFTER UPDATE OF name_en, name_ar ON services FOR EACH ROW WHEN (((old.name_en IS DISTINCT FROM new.name_en) OR (old.name_ar IS DISTINCT FROM new.name_ar))) EXECUTE FUNCTION hotel_search_after_rename();
