-- Keeps request_lines.hotel_id the hotel of the line's request (hotel_lines_hotel_before).
CREATE OR REPLACE TRIGGER request_lines_hotel_before BEFORE INSERT OR UPDATE OF request_id ON request_lines FOR EACH ROW EXECUTE FUNCTION hotel_lines_hotel_before();
