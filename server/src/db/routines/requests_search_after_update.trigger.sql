-- Made by migration 0002. Its definition lives here now: change it in this file.
CREATE OR REPLACE TRIGGER requests_search_after_update AFTER UPDATE OF request_code, cust_name, cust_phone, hotel_id, room_id ON requests FOR EACH ROW EXECUTE FUNCTION hotel_requests_search_after_update();
