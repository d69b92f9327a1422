-- The server's cost per entry of a backup's COPY into entries, by what the table carries
-- (docs/benchmarks.md "PostgreSQL inserts: the save-set check once per statement").
-- Run as the superuser in a scratch database of a throw-away cluster whose socket and data
-- directory are under /tmp/pg10pg (the server writes and reads /tmp/pg10pg/e.copy).
\timing on
DROP TABLE IF EXISTS entries; DROP TABLE IF EXISTS savesets;
CREATE TABLE savesets(id bigint PRIMARY KEY);
INSERT INTO savesets VALUES (1),(2);
CREATE TABLE entries(saveset_id bigint NOT NULL REFERENCES savesets(id) ON DELETE CASCADE, dir_id bigint NOT NULL, name_id bigint NOT NULL, attr_id bigint NOT NULL, size bigint NOT NULL, mtime bigint NOT NULL, ctime_delta bigint NOT NULL, inode bigint NOT NULL, hash bytea, "offset" bigint NOT NULL, volume_id bigint NOT NULL, file_number bigint NOT NULL, block bigint NOT NULL, flags bigint NOT NULL, PRIMARY KEY (saveset_id, dir_id, name_id));
CREATE INDEX entries_name ON entries(saveset_id, name_id);
COPY (SELECT 1::bigint, (i/1000+1)::bigint AS d, (((i/1000)*37 + (i%1000)*67) % 66597 + 1)::bigint AS n, 3::bigint, (i*13 % 100000)::bigint, 1700000000000000000::bigint + i, 0::bigint, (1000000+i)::bigint, decode(md5(i::text),'hex'), (i::bigint*4096), 1::bigint, (i/50000)::bigint, (i%50000)::bigint, 0::bigint FROM generate_series(0,999999) i ORDER BY 2,3) TO '/tmp/pg10pg/e.copy' (FORMAT binary);
\echo A: FK + PK + entries_name
COPY entries FROM '/tmp/pg10pg/e.copy' (FORMAT binary);
TRUNCATE entries;
ALTER TABLE entries DROP CONSTRAINT entries_saveset_id_fkey;
\echo B: PK + entries_name, no FK
COPY entries FROM '/tmp/pg10pg/e.copy' (FORMAT binary);
TRUNCATE entries;
DROP INDEX entries_name;
\echo C: PK only
COPY entries FROM '/tmp/pg10pg/e.copy' (FORMAT binary);
TRUNCATE entries;
ALTER TABLE entries DROP CONSTRAINT entries_pkey;
\echo D: heap only, then both indexes built
COPY entries FROM '/tmp/pg10pg/e.copy' (FORMAT binary);
ALTER TABLE entries ADD PRIMARY KEY (saveset_id, dir_id, name_id);
CREATE INDEX entries_name ON entries(saveset_id, name_id);
\echo E: A again
TRUNCATE entries;
ALTER TABLE entries ADD FOREIGN KEY (saveset_id) REFERENCES savesets(id) ON DELETE CASCADE;
COPY entries FROM '/tmp/pg10pg/e.copy' (FORMAT binary);
DROP TABLE entries; DROP TABLE savesets;
DROP TABLE IF EXISTS entries; DROP TABLE IF EXISTS savesets;
CREATE TABLE savesets(id bigint PRIMARY KEY);
INSERT INTO savesets VALUES (1),(2);
CREATE TABLE entries(saveset_id bigint NOT NULL, dir_id bigint NOT NULL, name_id bigint NOT NULL, attr_id bigint NOT NULL, size bigint NOT NULL, mtime bigint NOT NULL, ctime_delta bigint NOT NULL, inode bigint NOT NULL, hash bytea, "offset" bigint NOT NULL, volume_id bigint NOT NULL, file_number bigint NOT NULL, block bigint NOT NULL, flags bigint NOT NULL, PRIMARY KEY (saveset_id, dir_id, name_id));
CREATE INDEX entries_name ON entries(saveset_id, name_id);
CREATE FUNCTION entries_saveset_check() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE missing bigint;
BEGIN
  SELECT n.saveset_id INTO missing FROM (SELECT DISTINCT saveset_id FROM new_entries) n
    LEFT JOIN LATERAL (SELECT id FROM savesets s WHERE s.id = n.saveset_id FOR KEY SHARE) s ON true
    WHERE s.id IS NULL LIMIT 1;
  IF FOUND THEN
    RAISE foreign_key_violation USING MESSAGE = 'entries: save set ' || missing || ' is not in savesets';
  END IF;
  RETURN NULL;
END $f$;
CREATE TRIGGER entries_saveset_check AFTER INSERT ON entries REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION entries_saveset_check();
\echo F: statement-level check, one COPY of 1,000,000 in a transaction
BEGIN;
COPY entries FROM '/tmp/pg10pg/e.copy' (FORMAT binary);
COMMIT;
\echo F check: a missing save set is refused
INSERT INTO entries VALUES (9,1,1,1,1,1,1,1,NULL,1,1,1,1,1);
TRUNCATE entries;
DROP TRIGGER entries_saveset_check ON entries;
\echo B again: no check at all
COPY entries FROM '/tmp/pg10pg/e.copy' (FORMAT binary);
DROP TABLE entries; DROP TABLE savesets; DROP FUNCTION entries_saveset_check();
\! rm -f /tmp/pg10pg/e.copy
