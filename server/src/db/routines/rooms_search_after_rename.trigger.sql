-- Made by migration 0002. Its definition lives here now: change it in this file.
CREATE OR REPLACE TRIGGER rooms_search_after_rename AFTER UPDATE OF number ON rooms FOR EACH ROW WHEN ((old.number IS DISTINCT FROM new.number)) EXECUTE FUNCTION hotel_search_after_rename();
