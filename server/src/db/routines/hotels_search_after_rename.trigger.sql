-- Made by migration 0002. Its definition lives here now: change it in this file.
CREATE OR REPLACE TRIGGER hotels_search_after_rename AFTER UPDATE OF name, name_ar ON hotels FOR EACH ROW WHEN (((old.name IS DISTINCT FROM new.name) OR (old.name_ar IS DISTINCT FROM new.name_ar))) EXECUTE FUNCTION hotel_search_after_rename();
