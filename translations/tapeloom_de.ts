<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>DefinitionChecks</name>
    <message>
        <source>A name is required.</source>
        <translation>Ein Name ist erforderlich.</translation>
    </message>
    <message>
        <source>Use 1 to 64 letters, digits, &apos;.&apos;, &apos;_&apos; or &apos;-&apos;.</source>
        <translation>Verwenden Sie 1 bis 64 Buchstaben, Ziffern, &apos;.&apos;, &apos;_&apos; oder &apos;-&apos;.</translation>
    </message>
    <message>
        <source>A job definition named %1 exists already.</source>
        <translation>Eine Auftragsdefinition namens %1 existiert bereits.</translation>
    </message>
    <message>
        <source>Give at least one source, one per line.</source>
        <translation>Geben Sie mindestens eine Quelle an, eine pro Zeile.</translation>
    </message>
    <message>
        <source>%1: a client&apos;s source is client:NAME:/path.</source>
        <translation>%1: Die Quelle eines Clients lautet client:NAME:/Pfad.</translation>
    </message>
    <message>
        <source>%1: the command is missing.</source>
        <translation>%1: Der Befehl fehlt.</translation>
    </message>
    <message>
        <source>%1 is not an absolute path of the machine it is read on.</source>
        <translation>%1 ist kein absoluter Pfad des Rechners, auf dem gelesen wird.</translation>
    </message>
    <message>
        <source>%1 does not exist.</source>
        <translation>%1 existiert nicht.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Pool %1 does not exist.</source>
        <translation>Pool %1 existiert nicht.</translation>
    </message>
    <message>
        <source>At least one drive is needed.</source>
        <translation>Mindestens ein Laufwerk ist erforderlich.</translation>
    </message>
    <message>
        <source>The library has only %1 drives.</source>
        <translation>Die Bibliothek hat nur %1 Laufwerke.</translation>
    </message>
    <message>
        <source>At least one session per drive is needed.</source>
        <translation>Mindestens eine Sitzung pro Laufwerk ist erforderlich.</translation>
    </message>
    <message>
        <source>At most 32 sessions per drive.</source>
        <translation>Höchstens 32 Sitzungen pro Laufwerk.</translation>
    </message>
    <message>
        <source>Use a multiple of 1 KiB from 64 KiB to 4096 KiB.</source>
        <translation>Verwenden Sie ein Vielfaches von 1 KiB zwischen 64 KiB und 4096 KiB.</translation>
    </message>
    <message>
        <source>Use none, lz4, zstd, zstd:1…19, gzip or gzip:1…9.</source>
        <translation>Verwenden Sie none, lz4, zstd, zstd:1…19, gzip oder gzip:1…9.</translation>
    </message>
</context>
<context>
    <name>ElementText</name>
    <message>
        <source>loaded</source>
        <translation>geladen</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>leer</translation>
    </message>
    <message>
        <source>slot %1 of %2</source>
        <translation>Fach %1 von %2</translation>
    </message>
    <message>
        <source>in %1</source>
        <translation>in %1</translation>
    </message>
    <message>
        <source>mail slot %1 of %2</source>
        <translation>Postfach %1 von %2</translation>
    </message>
    <message>
        <source>outside at %1</source>
        <translation>außer Haus bei %1</translation>
    </message>
    <message>
        <source>Drive %1</source>
        <translation>Laufwerk %1</translation>
    </message>
    <message>
        <source>Slot %1</source>
        <translation>Fach %1</translation>
    </message>
    <message>
        <source>Mail %1</source>
        <translation>Postfach %1</translation>
    </message>
    <message>
        <source>Drive %1 (%2)</source>
        <translation>Laufwerk %1 (%2)</translation>
    </message>
    <message>
        <source>%1, from slot %2</source>
        <translation>%1, aus Fach %2</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>%1: empty</source>
        <translation>%1: leer</translation>
    </message>
    <message>
        <source>(no barcode)</source>
        <translation>(kein Barcode)</translation>
    </message>
    <message>
        <source>%1: %2, %3, %4</source>
        <translation>%1: %2, %3, %4</translation>
    </message>
    <message>
        <source>%1: %2, %3</source>
        <translation>%1: %2, %3</translation>
    </message>
    <message>
        <source>, %1</source>
        <translation>, %1</translation>
    </message>
    <message>
        <source>Pool</source>
        <translation>Pool</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Used space</source>
        <translation>Belegt</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>Standort</translation>
    </message>
    <message>
        <source>Catalog</source>
        <translation>Katalog</translation>
    </message>
    <message>
        <source>waiting for data</source>
        <translation>wartet auf Daten</translation>
    </message>
    <message>
        <source>busy: job %1, %2</source>
        <translation>belegt: Auftrag %1, %2</translation>
    </message>
</context>
<context>
    <name>JobExport</name>
    <message>
        <source>%1 job %2</source>
        <translation>Auftrag %2 (%1)</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>Beendet</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Dateien</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>On tape</source>
        <translation>Auf Band</translation>
    </message>
    <message>
        <source>Wall rate</source>
        <translation>Gesamtrate</translation>
    </message>
    <message>
        <source>Sustained rate</source>
        <translation>Dauerrate</translation>
    </message>
    <message>
        <source>Volumes</source>
        <translation>Bänder</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>Quellen</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Probleme</translation>
    </message>
    <message>
        <source>None.</source>
        <translation>Keine.</translation>
    </message>
</context>
<context>
    <name>JobText</name>
    <message>
        <source>backup</source>
        <translation>Sicherung</translation>
    </message>
    <message>
        <source>restore</source>
        <translation>Wiederherstellung</translation>
    </message>
    <message>
        <source>verify</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>scan</source>
        <translation>Einlesen</translation>
    </message>
    <message>
        <source>clone</source>
        <translation>Klon</translation>
    </message>
    <message>
        <source>full</source>
        <translation>voll</translation>
    </message>
    <message>
        <source>differential</source>
        <translation>differentiell</translation>
    </message>
    <message>
        <source>incremental</source>
        <translation>inkrementell</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>completed with warnings</source>
        <translation>mit Warnungen abgeschlossen</translation>
    </message>
    <message>
        <source>partly restored</source>
        <translation>teilweise wiederhergestellt</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>volumes outside the library</source>
        <translation>Bänder außerhalb der Bibliothek</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>untätig</translation>
    </message>
    <message>
        <source>mounting</source>
        <translation>lädt</translation>
    </message>
    <message>
        <source>positioning</source>
        <translation>positioniert</translation>
    </message>
    <message>
        <source>writing</source>
        <translation>schreibt</translation>
    </message>
    <message>
        <source>reading</source>
        <translation>liest</translation>
    </message>
    <message>
        <source>waiting for media</source>
        <translation>wartet auf ein Band</translation>
    </message>
    <message>
        <source>waiting for a drive</source>
        <translation>wartet auf ein Laufwerk</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>partial</source>
        <translation>teilweise</translation>
    </message>
    <message>
        <source>partly backed up</source>
        <translation>teilweise gesichert</translation>
    </message>
    <message>
        <source>partly verified</source>
        <translation>teilweise geprüft</translation>
    </message>
    <message>
        <source>partly scanned</source>
        <translation>teilweise eingelesen</translation>
    </message>
    <message>
        <source>partly cloned</source>
        <translation>teilweise geklont</translation>
    </message>
    <message>
        <source>to original location</source>
        <translation>an den ursprünglichen Ort</translation>
    </message>
    <message>
        <source>to %1</source>
        <translation>nach %1</translation>
    </message>
</context>
<context>
    <name>MediaOps</name>
    <message>
        <source>Volume %1 labeled for pool %2.</source>
        <translation>Band %1 für Pool %2 beschriftet.</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) purged from the catalog.</source>
        <translation>
            <numerusform>%n Auftrag aus dem Katalog gelöscht.</numerusform>
            <numerusform>%n Aufträge aus dem Katalog gelöscht.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MediaText</name>
    <message>
        <source>blank</source>
        <translation>leer</translation>
    </message>
    <message>
        <source>append</source>
        <translation>anhängbar</translation>
    </message>
    <message>
        <source>full</source>
        <translation>voll</translation>
    </message>
    <message>
        <source>used</source>
        <translation>verbraucht</translation>
    </message>
    <message>
        <source>recyclable</source>
        <translation>recycelbar</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>read-only</source>
        <translation>schreibgeschützt</translation>
    </message>
    <message>
        <source>disabled</source>
        <translation>deaktiviert</translation>
    </message>
    <message>
        <source>cleaning</source>
        <translation>Reinigung</translation>
    </message>
    <message>
        <source>drive %1 (from slot %2)</source>
        <translation>Laufwerk %1 (aus Fach %2)</translation>
    </message>
    <message>
        <source>drive %1</source>
        <translation>Laufwerk %1</translation>
    </message>
    <message>
        <source>slot %1</source>
        <translation>Fach %1</translation>
    </message>
    <message>
        <source>mail slot %1</source>
        <translation>Postfach %1</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 slot %2</source>
        <translation>%1 Fach %2</translation>
    </message>
    <message>
        <source>%1 mail slot %2</source>
        <translation>%1 Mail-Slot %2</translation>
    </message>
    <message>
        <source>%1 mail slot</source>
        <translation>%1 Mail-Slot</translation>
    </message>
    <message>
        <source>outside at %1 since %2</source>
        <translation>außerhalb bei %1 seit %2</translation>
    </message>
    <message>
        <source>outside at %1</source>
        <translation>außer Haus bei %1</translation>
    </message>
    <message>
        <source>backup</source>
        <translation>Sicherung</translation>
    </message>
    <message>
        <source>archive</source>
        <translation>Archiv</translation>
    </message>
    <message>
        <source>clone</source>
        <translation>Klon</translation>
    </message>
    <message>
        <source>scratch (lends blank volumes)</source>
        <translation>Reserve (verleiht leere Bänder)</translation>
    </message>
</context>
<context>
    <name>MovePlanner</name>
    <message>
        <source>drive %1</source>
        <translation>Laufwerk %1</translation>
    </message>
    <message>
        <source>slot %1</source>
        <translation>Fach %1</translation>
    </message>
    <message>
        <source>mail slot %1</source>
        <translation>Postfach %1</translation>
    </message>
    <message>
        <source>%1 does not exist</source>
        <translation>%1 existiert nicht</translation>
    </message>
    <message>
        <source>%1 is empty</source>
        <translation>%1 ist leer</translation>
    </message>
    <message>
        <source>The cartridge is already there.</source>
        <translation>Die Kassette ist bereits dort.</translation>
    </message>
    <message>
        <source>%1 holds %2: unload it to a slot first, then load it into %3.</source>
        <translation>%1 enthält %2: Entladen Sie die Kassette zuerst in ein Fach und laden Sie sie dann in %3.</translation>
    </message>
    <message>
        <source>library %1: cartridge %2 is in drive %3; unload it first, then export it</source>
        <translation>Bibliothek %1: Kassette %2 ist in Laufwerk %3; entladen Sie sie zuerst und exportieren Sie sie dann</translation>
    </message>
    <message>
        <source>Choose where to move %1.</source>
        <translation>Wählen Sie, wohin %1 bewegt werden soll.</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>time since the job started (s)</source>
        <translation>Zeit seit Auftragsbeginn (s)</translation>
    </message>
    <message>
        <source>CPU utilization (%)</source>
        <translation>CPU-Auslastung (%)</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Summe</translation>
    </message>
    <message>
        <source>CPU %1</source>
        <translation>CPU %1</translation>
    </message>
    <message>
        <source>iowait</source>
        <translation>E/A-Wartezeit</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>Sustained rate: the drives&apos; rate once they were streaming — the median-based mean of the samples without ramp-up, ramp-down and bursts above 1.5 × the median. Wall rate: every byte on tape ÷ the whole elapsed time, mounts included.</source>
        <translation>Dauerrate: die Rate der Laufwerke, sobald sie streamen – der Mittelwert der Messpunkte ohne Anlauf, Auslauf und Spitzen über dem 1,5-Fachen des Medians. Gesamtrate: jedes Byte auf Band ÷ die gesamte verstrichene Zeit, Ladevorgänge eingeschlossen.</translation>
    </message>
    <message>
        <source>Here it is below the wall rate: much of the data went in short bursts far above the steady rate (a cache absorbing data at memory speed), which the sustained rate does not count.</source>
        <translation>Hier liegt sie unter der Gesamtrate: Ein großer Teil der Daten floss in kurzen Spitzen weit über der gleichmäßigen Rate (ein Cache, der Daten mit Speichergeschwindigkeit aufnimmt), die die Dauerrate nicht mitzählt.</translation>
    </message>
    <message>
        <source>Here it is above the wall rate: mounting, positioning and waiting took part of the elapsed time.</source>
        <translation>Hier liegt sie über der Gesamtrate: Laden, Positionieren und Warten nahmen einen Teil der verstrichenen Zeit ein.</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>%1, promoted from %2 (no full backup to build on)</source>
        <translation>%1, hochgestuft von %2 (keine Vollsicherung als Grundlage)</translation>
    </message>
    <message>
        <source>Throughput (%1)</source>
        <translation>Durchsatz (%1)</translation>
    </message>
</context>
<context>
    <name>VolumeColors</name>
    <message>
        <source>Blank</source>
        <translation>Leer</translation>
    </message>
    <message>
        <source>Append</source>
        <translation>Anhängen</translation>
    </message>
    <message>
        <source>Full</source>
        <translation>Voll</translation>
    </message>
    <message>
        <source>Used</source>
        <translation>Belegt</translation>
    </message>
    <message>
        <source>Recyclable</source>
        <translation>Wiederverwendbar</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Read-only</source>
        <translation>Schreibgeschützt</translation>
    </message>
    <message>
        <source>Disabled</source>
        <translation>Deaktiviert</translation>
    </message>
    <message>
        <source>Cleaning</source>
        <translation>Reinigung</translation>
    </message>
    <message>
        <source>not in the catalog</source>
        <translation>nicht im Katalog</translation>
    </message>
    <message>
        <source>no pool</source>
        <translation>kein Pool</translation>
    </message>
    <message>
        <source>Not in the catalog</source>
        <translation>Nicht im Katalog</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Start no service for the data directory when none runs: open it in this process (as TAPELOOM_AUTOSTART=0).</source>
        <translation>Keinen Dienst für das Datenverzeichnis starten, wenn keiner läuft: es in diesem Prozess öffnen (wie TAPELOOM_AUTOSTART=0).</translation>
    </message>
    <message>
        <source>Tapeloom backup console</source>
        <translation>Tapeloom-Sicherungskonsole</translation>
    </message>
    <message>
        <source>Data directory.</source>
        <translation>Datenverzeichnis.</translation>
    </message>
    <message>
        <source>Console log level (default warn).</source>
        <translation>Protokollstufe der Konsole (Standard: warn).</translation>
    </message>
    <message>
        <source>Save a PNG of the window after a few seconds and quit.</source>
        <translation>Nach einigen Sekunden ein PNG des Fensters speichern und beenden.</translation>
    </message>
    <message>
        <source>Page to show first.</source>
        <translation>Zuerst angezeigte Seite.</translation>
    </message>
    <message>
        <source>Tapeloom cannot start</source>
        <translation>Tapeloom kann nicht starten</translation>
    </message>
    <message>
        <source>Seconds to wait before the screenshot (default 4.5).</source>
        <translation>Sekunden bis zum Bildschirmfoto (Standard 4,5).</translation>
    </message>
    <message>
        <source>Start a backup of SOURCE at launch (repeatable), as Back up now.</source>
        <translation>Beim Start eine Sicherung von QUELLE beginnen (wiederholbar), wie „Jetzt sichern“.</translation>
    </message>
    <message>
        <source>Drives for --backup.</source>
        <translation>Laufwerke für --backup.</translation>
    </message>
    <message>
        <source>Sessions per drive for --backup (default 4).</source>
        <translation>Sitzungen je Laufwerk für --backup (Standard 4).</translation>
    </message>
    <message>
        <source>Draw job ID&apos;s graphs into the --png file and quit.</source>
        <translation>Die Diagramme des Auftrags ID in die --png-Datei zeichnen und beenden.</translation>
    </message>
    <message>
        <source>PNG file for --export-report.</source>
        <translation>PNG-Datei für --export-report.</translation>
    </message>
    <message>
        <source>Job %1</source>
        <translation>Auftrag %1</translation>
    </message>
    <message>
        <source>With --export-report: the job&apos;s report and series in a file (as GET /v1/jobs/ID/report answers), drawn without a service.</source>
        <translation>Mit --export-report: Bericht und Messreihen des Auftrags in einer Datei (wie GET /v1/jobs/ID/report sie liefert), ohne Dienst gezeichnet.</translation>
    </message>
    <message>
        <source>A remote service (https://HOST:PORT) instead of this machine&apos;s data directory; with --token (or $TAPELOOM_TOKEN) and --ca-cert.</source>
        <translation>Ein entfernter Dienst (https://HOST:PORT) statt des Datenverzeichnisses dieses Rechners; mit --token (oder $TAPELOOM_TOKEN) und --ca-cert.</translation>
    </message>
    <message>
        <source>The remote service&apos;s bearer token.</source>
        <translation>Das Bearer-Token des entfernten Dienstes.</translation>
    </message>
    <message>
        <source>The CA of the remote service&apos;s certificate.</source>
        <translation>Die Zertifizierungsstelle des Zertifikats des entfernten Dienstes.</translation>
    </message>
</context>
<context>
    <name>tl::ui::BackupDialog</name>
    <message>
        <source>Back up now</source>
        <translation>Jetzt sichern</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>Quellen</translation>
    </message>
    <message>
        <source>/path, raw:/dev/sdb, cmd:pg_dump db, sqlite:/var/db.sqlite</source>
        <translation>/pfad, raw:/dev/sdb, cmd:pg_dump db, sqlite:/var/db.sqlite</translation>
    </message>
    <message>
        <source>Source to add</source>
        <translation>Hinzuzufügende Quelle</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>&amp;Hinzufügen</translation>
    </message>
    <message>
        <source>&amp;Folder…</source>
        <translation>&amp;Ordner …</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>Sources:</source>
        <translation>Quellen:</translation>
    </message>
    <message>
        <source>as many as useful</source>
        <translation>so viele wie sinnvoll</translation>
    </message>
    <message>
        <source>&amp;Drives:</source>
        <translation>&amp;Laufwerke:</translation>
    </message>
    <message>
        <source>&amp;Sessions per drive:</source>
        <translation>&amp;Sitzungen je Laufwerk:</translation>
    </message>
    <message>
        <source>&amp;Pool:</source>
        <translation>&amp;Pool:</translation>
    </message>
    <message>
        <source>&amp;Compression:</source>
        <translation>&amp;Komprimierung:</translation>
    </message>
    <message>
        <source>optional, shown in the job history</source>
        <translation>optional, erscheint im Auftragsverlauf</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>Start backup</source>
        <translation>Sicherung starten</translation>
    </message>
    <message>
        <source>Folder to back up</source>
        <translation>Zu sichernder Ordner</translation>
    </message>
    <message>
        <source>Full: every file</source>
        <translation>Voll: jede Datei</translation>
    </message>
    <message>
        <source>Differential: changes since the last full</source>
        <translation>Differenziell: Änderungen seit der letzten Vollsicherung</translation>
    </message>
    <message>
        <source>Incremental: changes since the last backup</source>
        <translation>Inkrementell: Änderungen seit der letzten Sicherung</translation>
    </message>
    <message>
        <source>Backup level</source>
        <translation>Sicherungsstufe</translation>
    </message>
    <message>
        <source>Without a full backup of a source under this name, a differential or incremental runs as a full and says so.</source>
        <translation>Ohne Vollsicherung einer Quelle unter diesem Namen läuft eine differenzielle oder inkrementelle Sicherung als Vollsicherung und meldet das.</translation>
    </message>
    <message>
        <source>&amp;Level:</source>
        <translation>S&amp;tufe:</translation>
    </message>
    <message>
        <source>Pool to write to</source>
        <translation>Pool, in den geschrieben wird</translation>
    </message>
    <message>
        <source>This machine</source>
        <translation>Dieser Rechner</translation>
    </message>
    <message>
        <source>Client to back up</source>
        <translation>Zu sichernder Client</translation>
    </message>
    <message>
        <source>A client&apos;s sources are absolute paths on it, read by its tapeloom-agent</source>
        <translation>Die Quellen eines Clients sind absolute Pfade auf ihm, gelesen von seinem tapeloom-agent</translation>
    </message>
    <message>
        <source>C&amp;lient:</source>
        <translation>C&amp;lient:</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problem</translation>
    </message>
    <message>
        <source>/path on %1</source>
        <translation>/Pfad auf %1</translation>
    </message>
    <message>
        <source>%1 is not an absolute path on %2: a client&apos;s sources are its folders, e.g. /srv.</source>
        <translation>%1 ist kein absoluter Pfad auf %2: Die Quellen eines Clients sind seine Ordner, z. B. /srv.</translation>
    </message>
    <message>
        <source>The drives, pools and clients could not be read: %1</source>
        <translation>Die Laufwerke, Pools und Clients konnten nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>The service&apos;s machine (%1)</source>
        <translation>Der Rechner des Dienstes (%1)</translation>
    </message>
    <message>
        <source>Sources are paths on the service&apos;s machine (%1): type them. Folder… shows this machine&apos;s folders only.</source>
        <translation>Quellen sind Pfade auf dem Rechner des Dienstes (%1): Geben Sie sie ein. Ordner… zeigt nur die Ordner dieses Rechners.</translation>
    </message>
</context>
<context>
    <name>tl::ui::BackupRunner</name>
    <message>
        <source>A backup is already running; wait for it or cancel it.</source>
        <translation>Eine Sicherung läuft bereits; warten Sie auf sie oder brechen Sie sie ab.</translation>
    </message>
    <message>
        <source>Backup</source>
        <translation>Sicherung</translation>
    </message>
    <message>
        <source>Backup %1</source>
        <translation>Sicherung %1</translation>
    </message>
</context>
<context>
    <name>tl::ui::BenchView</name>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Ausführen</translation>
    </message>
    <message>
        <source>Ca&amp;ncel</source>
        <translation>Abb&amp;rechen</translation>
    </message>
    <message>
        <source>Benchmark</source>
        <translation>Messung</translation>
    </message>
    <message>
        <source>&amp;Benchmark:</source>
        <translation>&amp;Messung:</translation>
    </message>
    <message>
        <source>files or folders to read, separated by spaces</source>
        <translation>zu lesende Dateien oder Ordner, durch Leerzeichen getrennt</translation>
    </message>
    <message>
        <source>&amp;Data:</source>
        <translation>&amp;Daten:</translation>
    </message>
    <message>
        <source>&amp;Options:</source>
        <translation>&amp;Optionen:</translation>
    </message>
    <message>
        <source>Benchmark results</source>
        <translation>Messergebnisse</translation>
    </message>
    <message>
        <source>Benchmark chart</source>
        <translation>Diagramm der Messung</translation>
    </message>
    <message>
        <source>Benchmark messages</source>
        <translation>Meldungen der Messung</translation>
    </message>
    <message>
        <source>Cannot start %1: %2</source>
        <translation>%1 kann nicht gestartet werden: %2</translation>
    </message>
    <message>
        <source>Give the files or folders to read.</source>
        <translation>Geben Sie die zu lesenden Dateien oder Ordner an.</translation>
    </message>
    <message>
        <source>Running… (throttled benchmarks run in real time)</source>
        <translation>Läuft … (gedrosselte Messungen laufen in Echtzeit)</translation>
    </message>
    <message>
        <source>The benchmark failed (exit %1); see the messages below.</source>
        <translation>Die Messung ist fehlgeschlagen (Exit %1); siehe die Meldungen unten.</translation>
    </message>
    <message>
        <source>The benchmark was stopped.</source>
        <translation>Die Messung wurde abgebrochen.</translation>
    </message>
    <message>
        <source>The benchmark&apos;s output has no table.</source>
        <translation>Die Ausgabe der Messung enthält keine Tabelle.</translation>
    </message>
    <message>
        <source>Done: %1 rows</source>
        <translation>Fertig: %1 Zeilen</translation>
    </message>
    <message>
        <source>MB/s</source>
        <translation>MB/s</translation>
    </message>
</context>
<context>
    <name>tl::ui::ClientAddDialog</name>
    <message>
        <source>Enter the client&apos;s name, e.g. its host name.</source>
        <translation>Geben Sie den Namen des Clients ein, z. B. seinen Hostnamen.</translation>
    </message>
    <message>
        <source>The name takes letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos; (at most 64).</source>
        <translation>Der Name besteht aus Buchstaben, Ziffern, &apos;.&apos;, &apos;_&apos; und &apos;-&apos; (höchstens 64).</translation>
    </message>
    <message>
        <source>A client named %1 is added already.</source>
        <translation>Ein Client namens %1 ist bereits hinzugefügt.</translation>
    </message>
    <message>
        <source>Enter the address the agent listens on as HOST:PORT.</source>
        <translation>Geben Sie die Adresse, auf der der Agent lauscht, als HOST:PORT ein.</translation>
    </message>
    <message>
        <source>Enter the agent&apos;s fingerprint: the 64 hex digits tapeloom-agent init printed.</source>
        <translation>Geben Sie den Fingerabdruck des Agenten ein: die 64 Hexziffern, die tapeloom-agent init ausgegeben hat.</translation>
    </message>
    <message>
        <source>Add client</source>
        <translation>Client hinzufügen</translation>
    </message>
    <message>
        <source>web1</source>
        <translation>web1</translation>
    </message>
    <message>
        <source>web1.example.net:9740</source>
        <translation>web1.example.net:9740</translation>
    </message>
    <message>
        <source>as tapeloom-agent init printed it</source>
        <translation>wie tapeloom-agent init ihn ausgegeben hat</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation>&amp;Adresse:</translation>
    </message>
    <message>
        <source>Agent&apos;s &amp;fingerprint:</source>
        <translation>&amp;Fingerabdruck des Agenten:</translation>
    </message>
    <message>
        <source>(not available)</source>
        <translation>(nicht verfügbar)</translation>
    </message>
    <message>
        <source>Service fingerprint</source>
        <translation>Fingerabdruck des Dienstes</translation>
    </message>
    <message>
        <source>This service&apos;s fingerprint:</source>
        <translation>Fingerabdruck dieses Dienstes:</translation>
    </message>
    <message>
        <source>Then run on the client: tapeloom-agent trust --state DIR --server-fingerprint %1</source>
        <translation>Danach auf dem Client ausführen: tapeloom-agent trust --state DIR --server-fingerprint %1</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problem</translation>
    </message>
</context>
<context>
    <name>tl::ui::ClientTableModel</name>
    <message>
        <source>not contacted yet</source>
        <translation>noch nicht kontaktiert</translation>
    </message>
    <message>
        <source>online</source>
        <translation>erreichbar</translation>
    </message>
    <message>
        <source>offline</source>
        <translation>nicht erreichbar</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Fingerprint of the agent&apos;s certificate: %1</source>
        <translation>Fingerabdruck des Zertifikats des Agenten: %1</translation>
    </message>
    <message>
        <source>No backup or restore has reached the agent yet.</source>
        <translation>Noch keine Sicherung oder Wiederherstellung hat den Agenten erreicht.</translation>
    </message>
    <message>
        <source>The agent last answered at %1.</source>
        <translation>Der Agent hat zuletzt um %1 geantwortet.</translation>
    </message>
    <message>
        <source>The agent has not answered yet.</source>
        <translation>Der Agent hat noch nicht geantwortet.</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>Client</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>Agent version</source>
        <translation>Agent-Version</translation>
    </message>
    <message>
        <source>OS</source>
        <translation>Betriebssystem</translation>
    </message>
    <message>
        <source>Last backup</source>
        <translation>Letzte Sicherung</translation>
    </message>
    <message>
        <source>Next backup</source>
        <translation>Nächste Sicherung</translation>
    </message>
</context>
<context>
    <name>tl::ui::ClientsPage</name>
    <message>
        <source>Clients</source>
        <translation>Clients</translation>
    </message>
    <message>
        <source>Clients status</source>
        <translation>Status der Clients</translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation>&amp;Hinzufügen…</translation>
    </message>
    <message>
        <source>Add a client whose tapeloom-agent this service backs up (Ctrl+N)</source>
        <translation>Einen Client hinzufügen, dessen tapeloom-agent dieser Dienst sichert (Strg+N)</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>Remove the selected client (Del); its backups stay</source>
        <translation>Den gewählten Client entfernen (Entf); seine Sicherungen bleiben erhalten</translation>
    </message>
    <message>
        <source>Re&amp;fresh</source>
        <translation>A&amp;ktualisieren</translation>
    </message>
    <message>
        <source>Read the clients again (F5)</source>
        <translation>Die Clients neu lesen (F5)</translation>
    </message>
    <message>
        <source>Cannot read the clients: %1</source>
        <translation>Die Clients können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>No clients yet: Add… one whose tapeloom-agent runs (docs: agent.md).</source>
        <translation>Noch keine Clients: Fügen Sie einen hinzu, auf dem tapeloom-agent läuft (Doku: agent.md).</translation>
    </message>
    <message>
        <source>Not added: %1</source>
        <translation>Nicht hinzugefügt: %1</translation>
    </message>
    <message>
        <source>Adding client %1</source>
        <translation>Client %1 wird hinzugefügt</translation>
    </message>
    <message>
        <source>Client %1 added; run on it: tapeloom-agent trust --state DIR --server-fingerprint %2</source>
        <translation>Client %1 hinzugefügt; dort ausführen: tapeloom-agent trust --state DIR --server-fingerprint %2</translation>
    </message>
    <message>
        <source>Client %1 is not added.</source>
        <translation>Client %1 ist nicht hinzugefügt.</translation>
    </message>
    <message>
        <source>Remove client %1? Its backups stay in the catalog; the service no longer connects to its agent.</source>
        <translation>Client %1 entfernen? Seine Sicherungen bleiben im Katalog; der Dienst verbindet sich nicht mehr mit seinem Agenten.</translation>
    </message>
    <message>
        <source>Removing client %1</source>
        <translation>Client %1 wird entfernt</translation>
    </message>
    <message>
        <source>Client %1 removed.</source>
        <translation>Client %1 entfernt.</translation>
    </message>
    <message>
        <source>%1…</source>
        <translation>%1…</translation>
    </message>
    <message>
        <source>Select a client first.</source>
        <translation>Wählen Sie zuerst einen Client.</translation>
    </message>
</context>
<context>
    <name>tl::ui::CpuPlot</name>
    <message>
        <source>CPU utilization (%)</source>
        <translation>CPU-Auslastung (%)</translation>
    </message>
    <message>
        <source>Per-CPU utilization graph</source>
        <translation>Diagramm der Auslastung je CPU</translation>
    </message>
    <message>
        <source>CPU %1</source>
        <translation>CPU %1</translation>
    </message>
    <message>
        <source>iowait (all CPUs)</source>
        <translation>E/A-Wartezeit (alle CPUs)</translation>
    </message>
</context>
<context>
    <name>tl::ui::DashboardPage</name>
    <message>
        <source>Engine</source>
        <translation>Engine</translation>
    </message>
    <message>
        <source>measuring…</source>
        <translation>wird gemessen …</translation>
    </message>
    <message>
        <source>%1 % of one core</source>
        <translation>%1 % eines Kerns</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Auftrag</translation>
    </message>
    <message>
        <source>No job has run on this data directory yet. Start one with Back up now (Ctrl+B).</source>
        <translation>In diesem Datenverzeichnis ist noch kein Auftrag gelaufen. Starten Sie einen mit „Jetzt sichern“ (Strg+B).</translation>
    </message>
    <message>
        <source>Elapsed:</source>
        <translation>Verstrichen:</translation>
    </message>
    <message>
        <source>Wall rate:</source>
        <translation>Gesamtrate:</translation>
    </message>
    <message>
        <source>Sustained rate:</source>
        <translation>Dauerrate:</translation>
    </message>
    <message>
        <source>Time left:</source>
        <translation>Restzeit:</translation>
    </message>
    <message>
        <source>Read:</source>
        <translation>Gelesen:</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Throughput per drive</source>
        <translation>Durchsatz je Laufwerk</translation>
    </message>
    <message>
        <source>Per-drive throughput graph</source>
        <translation>Diagramm des Durchsatzes je Laufwerk</translation>
    </message>
    <message>
        <source>CPU utilization per CPU</source>
        <translation>CPU-Auslastung je CPU</translation>
    </message>
    <message>
        <source>Drives</source>
        <translation>Laufwerke</translation>
    </message>
    <message>
        <source>Sessions of the job</source>
        <translation>Sitzungen des Auftrags</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>Sitzungen</translation>
    </message>
    <message>
        <source>Service CPU and memory:</source>
        <translation>CPU und Speicher des Dienstes:</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>The service&apos;s live figures cannot be read: %1</source>
        <translation>Die Live-Werte des Dienstes können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Why the live figures cannot be read</source>
        <translation>Warum die Live-Werte nicht gelesen werden können</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Summe</translation>
    </message>
    <message>
        <source>Job %1</source>
        <translation>Auftrag %1</translation>
    </message>
    <message>
        <source>ended: %1</source>
        <translation>beendet: %1</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>unknown (no earlier run of these sources)</source>
        <translation>unbekannt (kein früherer Lauf dieser Quellen)</translation>
    </message>
    <message>
        <source>%1 in %2 files</source>
        <translation>%1 in %2 Dateien</translation>
    </message>
    <message>
        <source>%1 from tape</source>
        <translation>%1 vom Band</translation>
    </message>
    <message>
        <source>Level:</source>
        <translation>Stufe:</translation>
    </message>
    <message>
        <source>Drives of all jobs</source>
        <translation>Laufwerke aller Aufträge</translation>
    </message>
    <message>
        <source>All jobs</source>
        <translation>Alle Aufträge</translation>
    </message>
    <message>
        <source>This job</source>
        <translation>Dieser Auftrag</translation>
    </message>
    <message>
        <source>%1 in 1 file</source>
        <translation>%1 in 1 Datei</translation>
    </message>
    <message>
        <source>Throughput (%1)</source>
        <translation>Durchsatz (%1)</translation>
    </message>
</context>
<context>
    <name>tl::ui::DefinitionDialog</name>
    <message>
        <source>The service&apos;s machine</source>
        <translation>Der Rechner des Dienstes</translation>
    </message>
    <message>
        <source>Whose files: the service&apos;s machine, or a client whose agent reads them (the sources are then paths on that client)</source>
        <translation>Wessen Dateien: der Rechner des Dienstes oder ein Client, dessen Agent sie liest (die Quellen sind dann Pfade auf diesem Client)</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>Client</translation>
    </message>
    <message>
        <source>C&amp;lient:</source>
        <translation>C&amp;lient:</translation>
    </message>
    <message>
        <source>Client %1</source>
        <translation>Client %1</translation>
    </message>
    <message>
        <source>The service&apos;s machine (%1)</source>
        <translation>Der Rechner des Dienstes (%1)</translation>
    </message>
    <message>
        <source>Edit job definition %1</source>
        <translation>Auftragsdefinition %1 bearbeiten</translation>
    </message>
    <message>
        <source>New job definition</source>
        <translation>Neue Auftragsdefinition</translation>
    </message>
    <message>
        <source>/srv/data
sqlite:/var/lib/app/app.db
cmd:&apos;pg_dump db&apos;</source>
        <translation>/srv/data
sqlite:/var/lib/app/app.db
cmd:&apos;pg_dump db&apos;</translation>
    </message>
    <message>
        <source>patterns separated by &apos;;&apos; (empty: everything)</source>
        <translation>Muster, durch &apos;;&apos; getrennt (leer: alles)</translation>
    </message>
    <message>
        <source>e.g. *.tmp; cache/</source>
        <translation>z. B. *.tmp; cache/</translation>
    </message>
    <message>
        <source> KiB</source>
        <translation> KiB</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Sources, one per line</source>
        <translation>Quellen, eine pro Zeile</translation>
    </message>
    <message>
        <source>Include patterns</source>
        <translation>Einschlussmuster</translation>
    </message>
    <message>
        <source>Exclude patterns</source>
        <translation>Ausschlussmuster</translation>
    </message>
    <message>
        <source>Pool</source>
        <translation>Pool</translation>
    </message>
    <message>
        <source>Drives</source>
        <translation>Laufwerke</translation>
    </message>
    <message>
        <source>Sessions per drive</source>
        <translation>Sitzungen pro Laufwerk</translation>
    </message>
    <message>
        <source>Block size</source>
        <translation>Blockgröße</translation>
    </message>
    <message>
        <source>Compression</source>
        <translation>Komprimierung</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>Priorität</translation>
    </message>
    <message>
        <source>Retries</source>
        <translation>Wiederholungen</translation>
    </message>
    <message>
        <source>Pre-command</source>
        <translation>Vorab-Befehl</translation>
    </message>
    <message>
        <source>Post-command</source>
        <translation>Nach-Befehl</translation>
    </message>
    <message>
        <source>Notification command</source>
        <translation>Benachrichtigungsbefehl</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>&amp;Sources:</source>
        <translation>&amp;Quellen:</translation>
    </message>
    <message>
        <source>&amp;Include:</source>
        <translation>&amp;Einschließen:</translation>
    </message>
    <message>
        <source>E&amp;xclude:</source>
        <translation>A&amp;usschließen:</translation>
    </message>
    <message>
        <source>&amp;Pool:</source>
        <translation>&amp;Pool:</translation>
    </message>
    <message>
        <source>&amp;Drives:</source>
        <translation>&amp;Laufwerke:</translation>
    </message>
    <message>
        <source>S&amp;essions per drive:</source>
        <translation>S&amp;itzungen pro Laufwerk:</translation>
    </message>
    <message>
        <source>&amp;Block size:</source>
        <translation>&amp;Blockgröße:</translation>
    </message>
    <message>
        <source>&amp;Compression:</source>
        <translation>&amp;Komprimierung:</translation>
    </message>
    <message>
        <source>P&amp;riority:</source>
        <translation>P&amp;riorität:</translation>
    </message>
    <message>
        <source>Re&amp;tries:</source>
        <translation>&amp;Wiederholungen:</translation>
    </message>
    <message>
        <source>Pre-co&amp;mmand:</source>
        <translation>&amp;Vorab-Befehl:</translation>
    </message>
    <message>
        <source>P&amp;ost-command:</source>
        <translation>Na&amp;ch-Befehl:</translation>
    </message>
    <message>
        <source>No&amp;tification command:</source>
        <translation>Benachric&amp;htigungsbefehl:</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>Nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>Cannot save: %1</source>
        <translation>Speichern nicht möglich: %1</translation>
    </message>
    <message>
        <source>Cannot read the service&apos;s pools: %1</source>
        <translation>Die Pools des Dienstes können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Reading the service&apos;s pools and libraries…</source>
        <translation>Die Pools und Bibliotheken des Dienstes werden gelesen…</translation>
    </message>
</context>
<context>
    <name>tl::ui::DefinitionRunner</name>
    <message>
        <source>%1 is still running.</source>
        <translation>%1 läuft noch.</translation>
    </message>
    <message>
        <source>Job %1 (%2)</source>
        <translation>Auftrag %1 (%2)</translation>
    </message>
</context>
<context>
    <name>tl::ui::DefinitionTableModel</name>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>as useful × %1</source>
        <translation>nach Bedarf × %1</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>pre</source>
        <translation>vorab</translation>
    </message>
    <message>
        <source>post</source>
        <translation>danach</translation>
    </message>
    <message>
        <source>notify</source>
        <translation>benachrichtigen</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>Quellen</translation>
    </message>
    <message>
        <source>Pool</source>
        <translation>Pool</translation>
    </message>
    <message>
        <source>Drives × sessions</source>
        <translation>Laufwerke × Sitzungen</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>Priorität</translation>
    </message>
    <message>
        <source>Schedules</source>
        <translation>Zeitpläne</translation>
    </message>
    <message>
        <source>Next run</source>
        <translation>Nächster Lauf</translation>
    </message>
    <message>
        <source>Commands</source>
        <translation>Befehle</translation>
    </message>
</context>
<context>
    <name>tl::ui::DeviceAddDialog</name>
    <message>
        <source>Add a device</source>
        <translation>Gerät hinzufügen</translation>
    </message>
    <message>
        <source>Virtual drive (files in the data directory)</source>
        <translation>Virtuelles Laufwerk (Dateien im Datenverzeichnis)</translation>
    </message>
    <message>
        <source>Tape drive (Linux st, /dev/nstN)</source>
        <translation>Bandlaufwerk (Linux st, /dev/nstN)</translation>
    </message>
    <message>
        <source>Null drive (discards what it is given)</source>
        <translation>Null-Laufwerk (verwirft alles, was es erhält)</translation>
    </message>
    <message>
        <source>Virtual library</source>
        <translation>Virtuelle Bibliothek</translation>
    </message>
    <message>
        <source>Library with an mtx changer (/dev/sgN)</source>
        <translation>Bibliothek mit mtx-Wechsler (/dev/sgN)</translation>
    </message>
    <message>
        <source>Type of device</source>
        <translation>Gerätetyp</translation>
    </message>
    <message>
        <source>Device name</source>
        <translation>Gerätename</translation>
    </message>
    <message>
        <source>Device path</source>
        <translation>Gerätepfad</translation>
    </message>
    <message>
        <source>Drive paths of the library</source>
        <translation>Laufwerkspfade der Bibliothek</translation>
    </message>
    <message>
        <source>/dev/nst0, /dev/nst1</source>
        <translation>/dev/nst0, /dev/nst1</translation>
    </message>
    <message>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
    <message>
        <source>Cartridge capacity in GiB</source>
        <translation>Kassettenkapazität in GiB</translation>
    </message>
    <message>
        <source>Drives of the library</source>
        <translation>Laufwerke der Bibliothek</translation>
    </message>
    <message>
        <source>Storage slots of the library</source>
        <translation>Lagerfächer der Bibliothek</translation>
    </message>
    <message>
        <source>Mail slots of the library</source>
        <translation>Mail-Slots der Bibliothek</translation>
    </message>
    <message>
        <source>What is missing</source>
        <translation>Was fehlt</translation>
    </message>
    <message>
        <source>&amp;Type:</source>
        <translation>&amp;Typ:</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>&amp;Device:</source>
        <translation>&amp;Gerät:</translation>
    </message>
    <message>
        <source>D&amp;rives:</source>
        <translation>La&amp;ufwerke:</translation>
    </message>
    <message>
        <source>&amp;Capacity:</source>
        <translation>&amp;Kapazität:</translation>
    </message>
    <message>
        <source>Number of dri&amp;ves:</source>
        <translation>Anzahl der Lauf&amp;werke:</translation>
    </message>
    <message>
        <source>&amp;Slots:</source>
        <translation>&amp;Fächer:</translation>
    </message>
    <message>
        <source>&amp;Mail slots:</source>
        <translation>&amp;Mail-Slots:</translation>
    </message>
    <message>
        <source>Drives of a library are added with their library; the engine cannot move a standalone drive into a library.</source>
        <translation>Laufwerke einer Bibliothek werden mit ihrer Bibliothek hinzugefügt; die Engine kann ein eigenständiges Laufwerk nicht in eine Bibliothek verschieben.</translation>
    </message>
    <message>
        <source>/dev/sg3</source>
        <translation>/dev/sg3</translation>
    </message>
    <message>
        <source>/dev/nst0</source>
        <translation>/dev/nst0</translation>
    </message>
    <message>
        <source>empty: the next free vlibN</source>
        <translation>leer: das nächste freie vlibN</translation>
    </message>
</context>
<context>
    <name>tl::ui::DeviceSpec</name>
    <message>
        <source>Give a name.</source>
        <translation>Geben Sie einen Namen an.</translation>
    </message>
    <message>
        <source>The name must be 1 to 64 characters without &apos;/&apos; or spaces.</source>
        <translation>Der Name muss 1 bis 64 Zeichen lang sein, ohne &apos;/&apos; oder Leerzeichen.</translation>
    </message>
    <message>
        <source>A library or drive named %1 exists already.</source>
        <translation>Eine Bibliothek oder ein Laufwerk namens %1 existiert bereits.</translation>
    </message>
    <message>
        <source>Give the device path.</source>
        <translation>Geben Sie den Gerätepfad an.</translation>
    </message>
    <message>
        <source>%1 does not exist.</source>
        <translation>%1 existiert nicht.</translation>
    </message>
    <message>
        <source>%1 rewinds on close; use the /dev/nstN node.</source>
        <translation>%1 spult beim Schließen zurück; verwenden Sie den Knoten /dev/nstN.</translation>
    </message>
    <message>
        <source>Give the drives&apos; /dev/nstN nodes in element order.</source>
        <translation>Geben Sie die /dev/nstN-Knoten der Laufwerke in Elementreihenfolge an.</translation>
    </message>
    <message>
        <source>The cartridge capacity must be at least 4 MiB.</source>
        <translation>Die Kassettenkapazität muss mindestens 4 MiB betragen.</translation>
    </message>
    <message>
        <source>A library needs 1-64 drives, 1-10000 slots and 0-64 mail slots.</source>
        <translation>Eine Bibliothek braucht 1–64 Laufwerke, 1–10000 Fächer und 0–64 Mail-Slots.</translation>
    </message>
</context>
<context>
    <name>tl::ui::DevicesPage</name>
    <message>
        <source>Drives</source>
        <translation>Laufwerke</translation>
    </message>
    <message>
        <source>Libraries</source>
        <translation>Bibliotheken</translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation>&amp;Hinzufügen…</translation>
    </message>
    <message>
        <source>Add a drive or a library (Ctrl+N)</source>
        <translation>Ein Laufwerk oder eine Bibliothek hinzufügen (Strg+N)</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>Remove the selected drive or library (Del)</source>
        <translation>Das ausgewählte Laufwerk oder die ausgewählte Bibliothek entfernen (Entf)</translation>
    </message>
    <message>
        <source>Re&amp;fresh</source>
        <translation>A&amp;ktualisieren</translation>
    </message>
    <message>
        <source>Read the devices again (F5)</source>
        <translation>Die Geräte erneut lesen (F5)</translation>
    </message>
    <message>
        <source>Devices status</source>
        <translation>Gerätestatus</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>Geräte</translation>
    </message>
    <message>
        <source>Cannot read the devices: %1</source>
        <translation>Die Geräte können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Not added: %1</source>
        <translation>Nicht hinzugefügt: %1</translation>
    </message>
    <message>
        <source>the new library</source>
        <translation>die neue Bibliothek</translation>
    </message>
    <message>
        <source>Adding %1</source>
        <translation>%1 wird hinzugefügt</translation>
    </message>
    <message>
        <source>%1 added.</source>
        <translation>%1 hinzugefügt.</translation>
    </message>
    <message>
        <source>Drive %1 is not configured.</source>
        <translation>Laufwerk %1 ist nicht konfiguriert.</translation>
    </message>
    <message>
        <source>Drive %1 belongs to library %2; remove the library instead.</source>
        <translation>Laufwerk %1 gehört zur Bibliothek %2; entfernen Sie stattdessen die Bibliothek.</translation>
    </message>
    <message>
        <source>Remove drive %1 from the configuration?</source>
        <translation>Laufwerk %1 aus der Konfiguration entfernen?</translation>
    </message>
    <message>
        <source>Removing drive %1</source>
        <translation>Laufwerk %1 wird entfernt</translation>
    </message>
    <message>
        <source>Drive %1 removed.</source>
        <translation>Laufwerk %1 entfernt.</translation>
    </message>
    <message>
        <source>Library %1 is not configured.</source>
        <translation>Bibliothek %1 ist nicht konfiguriert.</translation>
    </message>
    <message>
        <source>Remove library %1 and its drives from the configuration? Its cartridge files stay in the data directory.</source>
        <translation>Bibliothek %1 und ihre Laufwerke aus der Konfiguration entfernen? Ihre Kassettendateien bleiben im Datenverzeichnis.</translation>
    </message>
    <message>
        <source>Removing library %1</source>
        <translation>Bibliothek %1 wird entfernt</translation>
    </message>
    <message>
        <source>Library %1 removed.</source>
        <translation>Bibliothek %1 entfernt.</translation>
    </message>
    <message>
        <source>Not now: %1</source>
        <translation>Jetzt nicht: %1</translation>
    </message>
    <message>
        <source>%1…</source>
        <translation>%1…</translation>
    </message>
    <message>
        <source>Select a drive or a library first.</source>
        <translation>Wählen Sie zuerst ein Laufwerk oder eine Bibliothek aus.</translation>
    </message>
    <message>
        <source>%1 %2 (%3) at %4 %5</source>
        <translation>%1 %2 (%3) bei %4 %5</translation>
    </message>
</context>
<context>
    <name>tl::ui::DifferenceModel</name>
    <message>
        <source>Moved</source>
        <translation>Verschoben</translation>
    </message>
    <message>
        <source>Returned</source>
        <translation>Zurückgekehrt</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Unbekannt</translation>
    </message>
    <message>
        <source>Missing</source>
        <translation>Fehlt</translation>
    </message>
    <message>
        <source>Difference</source>
        <translation>Abweichung</translation>
    </message>
    <message>
        <source>Barcode</source>
        <translation>Barcode</translation>
    </message>
    <message>
        <source>Catalog (was)</source>
        <translation>Katalog (vorher)</translation>
    </message>
    <message>
        <source>Changer (now)</source>
        <translation>Wechsler (jetzt)</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Maßnahme</translation>
    </message>
</context>
<context>
    <name>tl::ui::DriveBoardModel</name>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>block %1</source>
        <translation>Block %1</translation>
    </message>
    <message>
        <source>waiting for data</source>
        <translation>wartet auf Daten</translation>
    </message>
    <message>
        <source>Drive</source>
        <translation>Laufwerk</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Auftrag</translation>
    </message>
    <message>
        <source>Volume</source>
        <translation>Band</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>Position</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Rate</source>
        <translation>Rate</translation>
    </message>
</context>
<context>
    <name>tl::ui::DriveTableModel</name>
    <message>
        <source>virtual</source>
        <translation>virtuell</translation>
    </message>
    <message>
        <source>st</source>
        <translation>st</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message>
        <source>in use by %1</source>
        <translation>belegt durch %1</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <source>online, write-protected</source>
        <translation>bereit, schreibgeschützt</translation>
    </message>
    <message>
        <source>online</source>
        <translation>bereit</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>leer</translation>
    </message>
    <message>
        <source>loaded, not ready</source>
        <translation>geladen, nicht bereit</translation>
    </message>
    <message>
        <source>A Linux tape drive (/dev/nstN)</source>
        <translation>Ein Linux-Bandlaufwerk (/dev/nstN)</translation>
    </message>
    <message>
        <source>Discards what it is given (measures reading)</source>
        <translation>Verwirft alles, was es erhält (misst das Lesen)</translation>
    </message>
    <message>
        <source>File-backed cartridges in the data directory</source>
        <translation>Dateibasierte Kassetten im Datenverzeichnis</translation>
    </message>
    <message>
        <source>standalone</source>
        <translation>eigenständig</translation>
    </message>
    <message>
        <source>%1, drive %2</source>
        <translation>%1, Laufwerk %2</translation>
    </message>
    <message>
        <source>%1 KiB</source>
        <translation>%1 KiB</translation>
    </message>
    <message>
        <source>not reported</source>
        <translation>nicht gemeldet</translation>
    </message>
    <message>
        <source>needs cleaning</source>
        <translation>muss gereinigt werden</translation>
    </message>
    <message>
        <source>no request</source>
        <translation>keine Anforderung</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>Bibliothek</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Volume</source>
        <translation>Band</translation>
    </message>
    <message>
        <source>Block size</source>
        <translation>Blockgröße</translation>
    </message>
    <message>
        <source>Compression</source>
        <translation>Komprimierung</translation>
    </message>
    <message>
        <source>Written</source>
        <translation>Geschrieben</translation>
    </message>
    <message>
        <source>Read</source>
        <translation>Gelesen</translation>
    </message>
    <message>
        <source>Mounts</source>
        <translation>Einlegevorgänge</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Cleaning</source>
        <translation>Reinigung</translation>
    </message>
    <message>
        <source>out of service: %1</source>
        <translation>außer Betrieb: %1</translation>
    </message>
    <message>
        <source>st and virtual drives report that they need cleaning (TapeAlert 20); a job cleans such a drive when it ends, or run tapeloom-cli drive clean.</source>
        <translation>st- und virtuelle Laufwerke melden, dass sie gereinigt werden müssen (TapeAlert 20); ein Job reinigt ein solches Laufwerk an seinem Ende, oder führen Sie tapeloom-cli drive clean aus.</translation>
    </message>
    <message>
        <source>No TapeAlert flag recorded for this drive.</source>
        <translation>Für dieses Laufwerk ist kein TapeAlert-Flag aufgezeichnet.</translation>
    </message>
    <message>
        <source>TapeAlert</source>
        <translation>TapeAlert</translation>
    </message>
</context>
<context>
    <name>tl::ui::DriveTile</name>
    <message>
        <source>Drive %1</source>
        <translation>Laufwerk %1</translation>
    </message>
    <message>
        <source>Volume:</source>
        <translation>Datenträger:</translation>
    </message>
    <message>
        <source>State:</source>
        <translation>Zustand:</translation>
    </message>
    <message>
        <source>Rate:</source>
        <translation>Rate:</translation>
    </message>
    <message>
        <source>This job:</source>
        <translation>Dieser Auftrag:</translation>
    </message>
    <message>
        <source>Buffer:</source>
        <translation>Puffer:</translation>
    </message>
    <message>
        <source>Shoe-shine:</source>
        <translation>Shoe-Shine:</translation>
    </message>
    <message>
        <source>Drive buffer fill</source>
        <translation>Füllstand des Laufwerkspuffers</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message>
        <source>not modelled</source>
        <translation>nicht modelliert</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>untätig</translation>
    </message>
    <message>
        <source>writing</source>
        <translation>schreibt</translation>
    </message>
    <message>
        <source>mounting</source>
        <translation>lädt</translation>
    </message>
    <message>
        <source>positioning</source>
        <translation>positioniert</translation>
    </message>
    <message>
        <source>waiting for media</source>
        <translation>wartet auf Medium</translation>
    </message>
    <message>
        <source>waiting for data (%1 % of the time)</source>
        <translation>wartet auf Daten (%1 % der Zeit)</translation>
    </message>
    <message>
        <source>writing, %1 % waiting for data</source>
        <translation>schreibt, %1 % wartet auf Daten</translation>
    </message>
    <message>
        <source>What the drive did since the previous snapshot; waiting for data: the drive could write more than its sources delivered.</source>
        <translation>Was das Laufwerk seit der vorigen Momentaufnahme tat; wartet auf Daten: Das Laufwerk hätte mehr schreiben können, als seine Quellen lieferten.</translation>
    </message>
</context>
<context>
    <name>tl::ui::ElementWidget</name>
    <message>
        <source>(no barcode)</source>
        <translation>(kein Barcode)</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>leer</translation>
    </message>
</context>
<context>
    <name>tl::ui::EmptyHint</name>
    <message>
        <source>Hint</source>
        <translation>Hinweis</translation>
    </message>
</context>
<context>
    <name>tl::ui::HistoryActions</name>
    <message>
        <source>Copy the save sets of job %1 to volumes of pool:</source>
        <translation>Die Sicherungssätze von Job %1 auf Volumes dieses Pools kopieren:</translation>
    </message>
    <message>
        <source>Verifying job %1</source>
        <translation>Job %1 wird geprüft</translation>
    </message>
    <message>
        <source>Job %1 verified.</source>
        <translation>Job %1 geprüft.</translation>
    </message>
    <message>
        <source>Job %1 was not cloned: the catalog has no pool (add one on the Media page).</source>
        <translation>Job %1 wurde nicht geklont: Der Katalog hat keinen Pool (auf der Seite Medien einen anlegen).</translation>
    </message>
    <message>
        <source>Cloning job %1 to pool %2</source>
        <translation>Job %1 wird in Pool %2 geklont</translation>
    </message>
    <message>
        <source>Job %1 cloned to pool %2.</source>
        <translation>Job %1 in Pool %2 geklont.</translation>
    </message>
    <message>
        <source>Not now: %1</source>
        <translation>Jetzt nicht: %1</translation>
    </message>
    <message>
        <source>Job %1 ended %2: %3 See its report.</source>
        <translation>Auftrag %1 endete mit %2: %3 Siehe seinen Bericht.</translation>
    </message>
    <message>
        <source>%1 file(s) failed, %2 bad block(s).</source>
        <translation>%1 Datei(en) fehlerhaft, %2 defekte(r) Block/Blöcke.</translation>
    </message>
    <message>
        <source>Written to %1.</source>
        <translation>Geschrieben auf %1.</translation>
    </message>
    <message>
        <source>Job %1 was not cloned: %2</source>
        <translation>Job %1 wurde nicht geklont: %2</translation>
    </message>
    <message>
        <source>Files checked: %1; blocks read: %2 from %3.</source>
        <translation>Geprüfte Dateien: %1; gelesene Blöcke: %2 von %3.</translation>
    </message>
    <message>
        <source>Job %1</source>
        <translation>Job %1</translation>
    </message>
    <message>
        <source>The copies of job %1 were not verified: %2</source>
        <translation>Die Kopien von Job %1 wurden nicht verifiziert: %2</translation>
    </message>
    <message>
        <source>Job %1 has no copy to verify: clone it to a pool first (Clone to pool…).</source>
        <translation>Job %1 hat keine Kopie zum Verifizieren: klonen Sie ihn zuerst in einen Pool (In Pool klonen…).</translation>
    </message>
    <message>
        <source>Verify the copies of job %1 in pool:</source>
        <translation>Die Kopien von Job %1 in diesem Pool verifizieren:</translation>
    </message>
    <message>
        <source>Verifying the copies of job %1 in pool %2</source>
        <translation>Verifiziere die Kopien von Job %1 in Pool %2</translation>
    </message>
    <message>
        <source>The copies of job %1 in pool %2 verified.</source>
        <translation>Die Kopien von Job %1 in Pool %2 sind verifiziert.</translation>
    </message>
</context>
<context>
    <name>tl::ui::HistoryPanel</name>
    <message>
        <source>&amp;From</source>
        <translation>&amp;Von</translation>
    </message>
    <message>
        <source>&amp;Until</source>
        <translation>&amp;Bis</translation>
    </message>
    <message>
        <source>Any status</source>
        <translation>Jeder Status</translation>
    </message>
    <message>
        <source>Any level</source>
        <translation>Jede Stufe</translation>
    </message>
    <message>
        <source>Filter by status</source>
        <translation>Nach Status filtern</translation>
    </message>
    <message>
        <source>Filter by level</source>
        <translation>Nach Stufe filtern</translation>
    </message>
    <message>
        <source>Started on or after</source>
        <translation>Gestartet am oder nach</translation>
    </message>
    <message>
        <source>Started on or before</source>
        <translation>Gestartet am oder vor</translation>
    </message>
    <message>
        <source>Job history</source>
        <translation>Auftragsverlauf</translation>
    </message>
    <message>
        <source>&amp;Status:</source>
        <translation>&amp;Status:</translation>
    </message>
    <message>
        <source>&amp;Level:</source>
        <translation>S&amp;tufe:</translation>
    </message>
    <message>
        <source>Double-click or press Enter to open the job&apos;s report; right-click a backup to verify or clone it</source>
        <translation>Doppelklick oder Eingabetaste öffnet den Bericht des Jobs; Rechtsklick auf eine Sicherung, um sie zu prüfen oder zu klonen</translation>
    </message>
    <message>
        <source>Open &amp;report</source>
        <translation>&amp;Bericht öffnen</translation>
    </message>
    <message>
        <source>&amp;Verify…</source>
        <translation>&amp;Prüfen…</translation>
    </message>
    <message>
        <source>&amp;Clone to pool…</source>
        <translation>In Pool &amp;klonen…</translation>
    </message>
    <message>
        <source>Only a backup that ended with data</source>
        <translation>Nur eine Sicherung, die mit Daten endete</translation>
    </message>
    <message>
        <source>Verify c&amp;opy in pool…</source>
        <translation>K&amp;opie in Pool verifizieren…</translation>
    </message>
</context>
<context>
    <name>tl::ui::JobDefaultsBox</name>
    <message>
        <source>Defaults for new jobs</source>
        <translation>Vorgaben für neue Aufträge</translation>
    </message>
    <message>
        <source>Default number of drives</source>
        <translation>Vorgegebene Anzahl der Laufwerke</translation>
    </message>
    <message>
        <source>Default sessions per drive</source>
        <translation>Vorgegebene Sitzungen pro Laufwerk</translation>
    </message>
    <message>
        <source>Default pool</source>
        <translation>Vorgegebener Pool</translation>
    </message>
    <message>
        <source>Full</source>
        <translation>Voll</translation>
    </message>
    <message>
        <source>Differential</source>
        <translation>Differenziell</translation>
    </message>
    <message>
        <source>Incremental</source>
        <translation>Inkrementell</translation>
    </message>
    <message>
        <source>Default backup level</source>
        <translation>Vorgegebene Sicherungsstufe</translation>
    </message>
    <message>
        <source> KiB</source>
        <translation> KiB</translation>
    </message>
    <message>
        <source>Default block size in KiB</source>
        <translation>Vorgegebene Blockgröße in KiB</translation>
    </message>
    <message>
        <source>Default compression</source>
        <translation>Vorgegebene Komprimierung</translation>
    </message>
    <message>
        <source>none, lz4, zstd, zstd:1 to zstd:19, gzip, gzip:1 to gzip:9</source>
        <translation>none, lz4, zstd, zstd:1 bis zstd:19, gzip, gzip:1 bis gzip:9</translation>
    </message>
    <message>
        <source>&amp;Drives:</source>
        <translation>&amp;Laufwerke:</translation>
    </message>
    <message>
        <source>&amp;Sessions per drive:</source>
        <translation>&amp;Sitzungen pro Laufwerk:</translation>
    </message>
    <message>
        <source>P&amp;ool:</source>
        <translation>P&amp;ool:</translation>
    </message>
    <message>
        <source>&amp;Level:</source>
        <translation>S&amp;tufe:</translation>
    </message>
    <message>
        <source>&amp;Block size:</source>
        <translation>&amp;Blockgröße:</translation>
    </message>
    <message>
        <source>&amp;Compression:</source>
        <translation>&amp;Komprimierung:</translation>
    </message>
    <message>
        <source>Compression not changed: %1</source>
        <translation>Komprimierung nicht geändert: %1</translation>
    </message>
</context>
<context>
    <name>tl::ui::JobHistoryModel</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Auftrag</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Dateien</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>Wall rate</source>
        <translation>Gesamtrate</translation>
    </message>
    <message>
        <source>Sustained rate</source>
        <translation>Dauerrate</translation>
    </message>
</context>
<context>
    <name>tl::ui::JobPicker</name>
    <message>
        <source>waiting</source>
        <translation>wartet</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>Job shown</source>
        <translation>Angezeigter Auftrag</translation>
    </message>
    <message>
        <source>The job the Dashboard shows: the newest one (a job just started is shown at once), or the one picked here</source>
        <translation>Der Auftrag, den das Dashboard zeigt: der neueste (ein gerade gestarteter wird sofort gezeigt) oder der hier gewählte</translation>
    </message>
    <message>
        <source>Newest job</source>
        <translation>Neuester Auftrag</translation>
    </message>
    <message>
        <source>Job %1</source>
        <translation>Auftrag %1</translation>
    </message>
</context>
<context>
    <name>tl::ui::JobReportsView</name>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Aktualisieren</translation>
    </message>
    <message>
        <source>Export &amp;CSV…</source>
        <translation>&amp;CSV exportieren …</translation>
    </message>
    <message>
        <source>Export P&amp;NG…</source>
        <translation>P&amp;NG exportieren …</translation>
    </message>
    <message>
        <source>Export P&amp;DF…</source>
        <translation>P&amp;DF exportieren …</translation>
    </message>
    <message>
        <source>Job history</source>
        <translation>Auftragsverlauf</translation>
    </message>
    <message>
        <source>Job report</source>
        <translation>Auftragsbericht</translation>
    </message>
    <message>
        <source>Graphs of the job</source>
        <translation>Diagramme des Auftrags</translation>
    </message>
    <message>
        <source>Rates of the backups over time</source>
        <translation>Raten der Sicherungen im Zeitverlauf</translation>
    </message>
    <message>
        <source>Graphs</source>
        <translation>Diagramme</translation>
    </message>
    <message>
        <source>Report</source>
        <translation>Bericht</translation>
    </message>
    <message>
        <source>Backups over time</source>
        <translation>Sicherungen im Zeitverlauf</translation>
    </message>
    <message>
        <source>Export series</source>
        <translation>Messreihen exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>Export graphs</source>
        <translation>Diagramme exportieren</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <source>PDF documents (*.pdf)</source>
        <translation>PDF-Dokumente (*.pdf)</translation>
    </message>
    <message>
        <source>No report stored for this job.</source>
        <translation>Für diesen Auftrag ist kein Bericht gespeichert.</translation>
    </message>
    <message>
        <source>Job %1 has no recorded series</source>
        <translation>Auftrag %1 hat keine aufgezeichneten Messreihen</translation>
    </message>
    <message>
        <source>backup job</source>
        <translation>Sicherungsauftrag</translation>
    </message>
    <message>
        <source>duration (s)</source>
        <translation>Dauer (s)</translation>
    </message>
    <message>
        <source>Sustained rate</source>
        <translation>Dauerrate</translation>
    </message>
    <message>
        <source>Wall rate</source>
        <translation>Gesamtrate</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation>%1 kann nicht geschrieben werden</translation>
    </message>
    <message>
        <source>Log of the job</source>
        <translation>Protokoll des Auftrags</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <source>No log lines of this job in the service&apos;s log file (rotated away, or the job logged nothing at the log level in use).</source>
        <translation>Keine Protokollzeilen dieses Auftrags in der Protokolldatei des Dienstes (weggerollt, oder der Auftrag hat auf der verwendeten Protokollstufe nichts protokolliert).</translation>
    </message>
    <message>
        <source>Report of job %1 written to %2</source>
        <translation>Bericht des Auftrags %1 nach %2 geschrieben</translation>
    </message>
    <message>
        <source>Reading job %1 from the service…</source>
        <translation>Job %1 wird vom Dienst gelesen…</translation>
    </message>
</context>
<context>
    <name>tl::ui::JobsPage</name>
    <message>
        <source>Jobs page status</source>
        <translation>Status der Auftragsseite</translation>
    </message>
    <message>
        <source>&amp;Definitions</source>
        <translation>&amp;Definitionen</translation>
    </message>
    <message>
        <source>&amp;Schedules</source>
        <translation>&amp;Zeitpläne</translation>
    </message>
    <message>
        <source>&amp;Queue</source>
        <translation>&amp;Warteschlange</translation>
    </message>
    <message>
        <source>&amp;History</source>
        <translation>&amp;Verlauf</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>Aufträge</translation>
    </message>
    <message>
        <source>%1 is running at level %2…</source>
        <translation>%1 läuft mit Stufe %2…</translation>
    </message>
    <message>
        <source>%1 ended: %2 (job %3).</source>
        <translation>%1 beendet: %2 (Auftrag %3).</translation>
    </message>
    <message>
        <source>%1 ended: %2 (job %3): %4</source>
        <translation>%1 beendet: %2 (Auftrag %3): %4</translation>
    </message>
    <message>
        <source>Job definitions</source>
        <translation>Auftragsdefinitionen</translation>
    </message>
    <message>
        <source>&amp;New…</source>
        <translation>&amp;Neu…</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>&amp;Bearbeiten…</translation>
    </message>
    <message>
        <source>D&amp;uplicate…</source>
        <translation>D&amp;uplizieren…</translation>
    </message>
    <message>
        <source>&amp;Remove…</source>
        <translation>&amp;Entfernen…</translation>
    </message>
    <message>
        <source>Full</source>
        <translation>Voll</translation>
    </message>
    <message>
        <source>Differential</source>
        <translation>Differenziell</translation>
    </message>
    <message>
        <source>Incremental</source>
        <translation>Inkrementell</translation>
    </message>
    <message>
        <source>Run no&amp;w</source>
        <translation>&amp;Jetzt ausführen</translation>
    </message>
    <message>
        <source>New job definition</source>
        <translation>Neue Auftragsdefinition</translation>
    </message>
    <message>
        <source>Edit the selected job definition</source>
        <translation>Die ausgewählte Auftragsdefinition bearbeiten</translation>
    </message>
    <message>
        <source>Duplicate the selected job definition</source>
        <translation>Die ausgewählte Auftragsdefinition duplizieren</translation>
    </message>
    <message>
        <source>Remove the selected job definition</source>
        <translation>Die ausgewählte Auftragsdefinition entfernen</translation>
    </message>
    <message>
        <source>Backup level for Run now</source>
        <translation>Sicherungsstufe für „Jetzt ausführen“</translation>
    </message>
    <message>
        <source>Run the selected job definition now</source>
        <translation>Die ausgewählte Auftragsdefinition jetzt ausführen</translation>
    </message>
    <message>
        <source>Run the selected job definition now (Ctrl+R)</source>
        <translation>Die ausgewählte Auftragsdefinition jetzt ausführen (Strg+R)</translation>
    </message>
    <message>
        <source>&amp;Level:</source>
        <translation>S&amp;tufe:</translation>
    </message>
    <message>
        <source>Run now</source>
        <translation>Jetzt ausführen</translation>
    </message>
    <message>
        <source>Edit job definition</source>
        <translation>Auftragsdefinition bearbeiten</translation>
    </message>
    <message>
        <source>Remove job definition</source>
        <translation>Auftragsdefinition entfernen</translation>
    </message>
    <message>
        <source>Cannot read the job definitions: %1</source>
        <translation>Die Auftragsdefinitionen können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Select a job definition to edit.</source>
        <translation>Wählen Sie eine Auftragsdefinition zum Bearbeiten aus.</translation>
    </message>
    <message>
        <source>Select a job definition to duplicate.</source>
        <translation>Wählen Sie eine Auftragsdefinition zum Duplizieren aus.</translation>
    </message>
    <message>
        <source>Saving job definition %1</source>
        <translation>Auftragsdefinition %1 wird gespeichert</translation>
    </message>
    <message>
        <source>%1 was not saved: %2</source>
        <translation>%1 wurde nicht gespeichert: %2</translation>
    </message>
    <message>
        <source>Job definition %1 updated.</source>
        <translation>Auftragsdefinition %1 aktualisiert.</translation>
    </message>
    <message>
        <source>Job definition %1 stored.</source>
        <translation>Auftragsdefinition %1 gespeichert.</translation>
    </message>
    <message>
        <source>Select a job definition to remove.</source>
        <translation>Wählen Sie eine Auftragsdefinition zum Entfernen aus.</translation>
    </message>
    <message>
        <source>Remove job definition %1 and its schedules? Its job history stays.</source>
        <translation>Auftragsdefinition %1 und ihre Zeitpläne entfernen? Ihr Auftragsverlauf bleibt erhalten.</translation>
    </message>
    <message>
        <source>Removing job definition %1</source>
        <translation>Auftragsdefinition %1 wird entfernt</translation>
    </message>
    <message>
        <source>%1 was not removed: %2</source>
        <translation>%1 wurde nicht entfernt: %2</translation>
    </message>
    <message>
        <source>Job definition %1 and its schedules removed.</source>
        <translation>Auftragsdefinition %1 und ihre Zeitpläne entfernt.</translation>
    </message>
    <message>
        <source>Select a job definition to run.</source>
        <translation>Wählen Sie eine Auftragsdefinition zum Ausführen aus.</translation>
    </message>
    <message>
        <source>R&amp;unning</source>
        <translation>&amp;Laufend</translation>
    </message>
    <message>
        <source>No job definitions yet. Press New… (Ctrl+N) to say what to back up, where and when; or back up once with File ▸ Back up now… (Ctrl+B). Label blank cartridges first on the Media page if the library has none in a pool.</source>
        <translation>Noch keine Auftragsdefinitionen. Mit Neu… (Strg+N) festlegen, was wohin und wann gesichert wird; oder einmalig mit Datei ▸ Jetzt sichern … (Strg+B) sichern. Zuerst leere Kassetten auf der Seite Medien in einen Pool beschriften, falls die Bibliothek keine hat.</translation>
    </message>
    <message>
        <source>Cannot read the job history: %1</source>
        <translation>Der Auftragsverlauf kann nicht gelesen werden: %1</translation>
    </message>
</context>
<context>
    <name>tl::ui::KeyImportDialog</name>
    <message>
        <source>&amp;Import and continue</source>
        <translation>&amp;Importieren und fortfahren</translation>
    </message>
    <message>
        <source>Key needed</source>
        <translation>Schlüssel benötigt</translation>
    </message>
    <message>
        <source>The files to restore are encrypted with key %1, which is not in this data directory&apos;s key store. Import it from the file it was exported to (tapeloom-cli key export) with that export&apos;s passphrase; the restore then continues.</source>
        <translation>Die wiederherzustellenden Dateien sind mit dem Schlüssel %1 verschlüsselt, der nicht im Schlüsselspeicher dieses Datenverzeichnisses liegt. Importieren Sie ihn aus der Datei, in die er exportiert wurde (tapeloom-cli key export), mit der Passphrase dieses Exports; danach wird die Wiederherstellung fortgesetzt.</translation>
    </message>
    <message>
        <source>Key export file</source>
        <translation>Datei des Schlüsselexports</translation>
    </message>
    <message>
        <source>Passphrase of the key export</source>
        <translation>Passphrase des Schlüsselexports</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen …</translation>
    </message>
    <message>
        <source>Export &amp;file:</source>
        <translation>Export&amp;datei:</translation>
    </message>
    <message>
        <source>&amp;Passphrase:</source>
        <translation>&amp;Passphrase:</translation>
    </message>
    <message>
        <source>Why the key was not imported</source>
        <translation>Warum der Schlüssel nicht importiert wurde</translation>
    </message>
    <message>
        <source>Choose the file the key was exported to.</source>
        <translation>Wählen Sie die Datei, in die der Schlüssel exportiert wurde.</translation>
    </message>
    <message>
        <source>Importing…</source>
        <translation>Wird importiert …</translation>
    </message>
    <message>
        <source>Not imported: %1</source>
        <translation>Nicht importiert: %1</translation>
    </message>
    <message>
        <source>That file holds key %1, not the key %2 the restore needs.</source>
        <translation>Diese Datei enthält den Schlüssel %1, nicht den Schlüssel %2, den die Wiederherstellung braucht.</translation>
    </message>
</context>
<context>
    <name>tl::ui::LibraryPage</name>
    <message>
        <source>Library</source>
        <translation>Bibliothek</translation>
    </message>
    <message>
        <source>Mark off-site</source>
        <translation>Als ausgelagert markieren</translation>
    </message>
    <message>
        <source>Where does %1 go (vault, off-site name)?</source>
        <translation>Wohin kommt %1 (Tresor, Name des Auslagerungsorts)?</translation>
    </message>
    <message>
        <source>Color cartridges by</source>
        <translation>Kassetten einfärben nach</translation>
    </message>
    <message>
        <source>Volume state</source>
        <translation>Datenträgerzustand</translation>
    </message>
    <message>
        <source>Pool</source>
        <translation>Pool</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Aktualisieren</translation>
    </message>
    <message>
        <source>Refresh the library</source>
        <translation>Bibliothek aktualisieren</translation>
    </message>
    <message>
        <source>&amp;Inventory</source>
        <translation>&amp;Inventur</translation>
    </message>
    <message>
        <source>Compare the changer&apos;s inventory with the catalog</source>
        <translation>Inventur des Wechslers mit dem Katalog vergleichen</translation>
    </message>
    <message>
        <source>Reads the changer and lists where it and the catalog disagree; nothing is changed (Ctrl+I)</source>
        <translation>Liest den Wechsler und listet auf, wo er und der Katalog voneinander abweichen; nichts wird geändert (Strg+I)</translation>
    </message>
    <message>
        <source>Re&amp;concile catalog</source>
        <translation>Katalog &amp;abgleichen</translation>
    </message>
    <message>
        <source>Record the changer&apos;s inventory in the catalog</source>
        <translation>Inventur des Wechslers im Katalog festhalten</translation>
    </message>
    <message>
        <source>Runs the inventory and updates the catalog&apos;s locations to what the changer reports (Ctrl+Shift+I)</source>
        <translation>Führt die Inventur aus und setzt die Standorte im Katalog auf das, was der Wechsler meldet (Strg+Umschalt+I)</translation>
    </message>
    <message>
        <source>&amp;Library:</source>
        <translation>&amp;Bibliothek:</translation>
    </message>
    <message>
        <source>C&amp;olor by:</source>
        <translation>&amp;Farbe nach:</translation>
    </message>
    <message>
        <source>Move in progress</source>
        <translation>Bewegung läuft</translation>
    </message>
    <message>
        <source>Library status</source>
        <translation>Bibliotheksstatus</translation>
    </message>
    <message>
        <source>Mark &amp;off-site…</source>
        <translation>Als &amp;ausgelagert markieren…</translation>
    </message>
    <message>
        <source>Mark the exported cartridge off-site</source>
        <translation>Die exportierte Kassette als ausgelagert markieren</translation>
    </message>
    <message>
        <source>Differences between the catalog and the changer</source>
        <translation>Abweichungen zwischen Katalog und Wechsler</translation>
    </message>
    <message>
        <source>Differences: run the inventory to compare the catalog with the changer.</source>
        <translation>Abweichungen: Führen Sie die Inventur aus, um den Katalog mit dem Wechsler zu vergleichen.</translation>
    </message>
    <message>
        <source>Cannot read the library: %1</source>
        <translation>Die Bibliothek kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>No library is configured; add one on the Devices page or with tapeloom-cli library add.</source>
        <translation>Keine Bibliothek eingerichtet; fügen Sie eine auf der Seite Geräte oder mit tapeloom-cli library add hinzu.</translation>
    </message>
    <message>
        <source>Moving %1 from %2 to %3…</source>
        <translation>%1 wird von %2 nach %3 bewegt…</translation>
    </message>
    <message>
        <source>Loaded %1 into %2.</source>
        <translation>%1 in %2 geladen.</translation>
    </message>
    <message>
        <source>Unloaded %1 from %2 to %3.</source>
        <translation>%1 aus %2 nach %3 entladen.</translation>
    </message>
    <message>
        <source>Moved %1 from %2 to %3.</source>
        <translation>%1 von %2 nach %3 bewegt.</translation>
    </message>
    <message>
        <source>Exported %1 to %2: take it out and mark it off-site.</source>
        <translation>%1 nach %2 exportiert: Entnehmen Sie die Kassette und markieren Sie sie als ausgelagert.</translation>
    </message>
    <message>
        <source>Imported %1 from %2 into %3.</source>
        <translation>%1 aus %2 in %3 importiert.</translation>
    </message>
    <message>
        <source>A move is in progress; wait until it ends.</source>
        <translation>Eine Bewegung läuft; warten Sie, bis sie beendet ist.</translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation>Abgelehnt: %1</translation>
    </message>
    <message>
        <source>Mark %1 &amp;off-site…</source>
        <translation>%1 als &amp;ausgelagert markieren…</translation>
    </message>
    <message>
        <source>The move failed: %1</source>
        <translation>Die Bewegung ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Not now: %1</source>
        <translation>Jetzt nicht: %1</translation>
    </message>
    <message>
        <source>Give the location where %1 goes.</source>
        <translation>Geben Sie den Ort an, an den %1 kommt.</translation>
    </message>
    <message>
        <source>%1 is recorded outside at %2.</source>
        <translation>%1 ist als außer Haus bei %2 erfasst.</translation>
    </message>
    <message>
        <source>Cannot mark %1 off-site: %2</source>
        <translation>%1 kann nicht als ausgelagert markiert werden: %2</translation>
    </message>
    <message>
        <source>Record in the catalog where the changer of %1 has every cartridge? Unknown cartridges are added as blank, missing ones recorded outside.</source>
        <translation>Im Katalog festhalten, wo der Wechsler von %1 jede Kassette hat? Unbekannte Kassetten werden als leer aufgenommen, fehlende als außer Haus erfasst.</translation>
    </message>
    <message>
        <source>Reconcile</source>
        <translation>Abgleich</translation>
    </message>
    <message>
        <source>Inventory</source>
        <translation>Inventur</translation>
    </message>
    <message>
        <source>Inventory of %1: the catalog and the changer agree.</source>
        <translation>Inventur von %1: Katalog und Wechsler stimmen überein.</translation>
    </message>
    <message numerus="yes">
        <source>Inventory of %1: %n difference(s), recorded in the catalog.</source>
        <translation>
            <numerusform>Inventur von %1: %n Abweichung(en), im Katalog festgehalten.</numerusform>
            <numerusform>Inventur von %1: %n Abweichung(en), im Katalog festgehalten.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Inventory of %1: %n difference(s); the catalog is unchanged (Reconcile catalog records them).</source>
        <translation>
            <numerusform>Inventur von %1: %n Abweichung(en); der Katalog ist unverändert (Katalog abgleichen hält sie fest).</numerusform>
            <numerusform>Inventur von %1: %n Abweichung(en); der Katalog ist unverändert (Katalog abgleichen hält sie fest).</numerusform>
        </translation>
    </message>
    <message>
        <source>The inventory failed: %1</source>
        <translation>Die Inventur ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Slot %1 (%2)</source>
        <translation>Fach %1 (%2)</translation>
    </message>
    <message>
        <source>Slot %1</source>
        <translation>Fach %1</translation>
    </message>
    <message>
        <source>Unload %1 to its home slot %2</source>
        <translation>%1 in sein Heimatfach %2 entladen</translation>
    </message>
    <message>
        <source>Unload to slot</source>
        <translation>In Fach entladen</translation>
    </message>
    <message>
        <source>Export (unload it first)</source>
        <translation>Exportieren (zuerst entladen)</translation>
    </message>
    <message>
        <source>Load from slot</source>
        <translation>Aus Fach laden</translation>
    </message>
    <message>
        <source>Load %1 into drive %2</source>
        <translation>%1 in Laufwerk %2 laden</translation>
    </message>
    <message>
        <source>Export %1 to mail slot %2</source>
        <translation>%1 in Postfach %2 exportieren</translation>
    </message>
    <message>
        <source>Move to slot</source>
        <translation>In Fach bewegen</translation>
    </message>
    <message>
        <source>Unload drive %1 (%2) here</source>
        <translation>Laufwerk %1 (%2) hierher entladen</translation>
    </message>
    <message>
        <source>Import %1 from mail slot %2 here</source>
        <translation>%1 aus Postfach %2 hierher importieren</translation>
    </message>
    <message>
        <source>Import %1 into slot %2</source>
        <translation>%1 in Fach %2 importieren</translation>
    </message>
    <message>
        <source>Import into slot</source>
        <translation>In Fach importieren</translation>
    </message>
    <message>
        <source>Mark %1 off-site…</source>
        <translation>%1 als ausgelagert markieren…</translation>
    </message>
    <message>
        <source>Export from slot</source>
        <translation>Aus Fach exportieren</translation>
    </message>
    <message>
        <source>Nothing to do here</source>
        <translation>Hier gibt es nichts zu tun</translation>
    </message>
    <message>
        <source>Nothing to do with %1 by default; open its context menu (Menu key).</source>
        <translation>Für %1 gibt es keine Standardaktion; öffnen Sie das Kontextmenü (Menütaste).</translation>
    </message>
    <message>
        <source>Library move of %1</source>
        <translation>Bibliotheksbewegung von %1</translation>
    </message>
    <message>
        <source>Mark %1 off-site</source>
        <translation>%1 als ausgelagert markieren</translation>
    </message>
</context>
<context>
    <name>tl::ui::LibraryTableModel</name>
    <message>
        <source>virtual</source>
        <translation>virtuell</translation>
    </message>
    <message>
        <source>mtx (SCSI changer)</source>
        <translation>mtx (SCSI-Wechsler)</translation>
    </message>
    <message>
        <source>%1 of %2 full</source>
        <translation>%1 von %2 belegt</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message numerus="yes">
        <source>%n cleaning cartridge(s): %1</source>
        <translation>
            <numerusform>%n Reinigungskassette: %1</numerusform>
            <numerusform>%n Reinigungskassetten: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>ready</source>
        <translation>bereit</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Changer device</source>
        <translation>Wechslergerät</translation>
    </message>
    <message>
        <source>Drives</source>
        <translation>Laufwerke</translation>
    </message>
    <message>
        <source>Slots</source>
        <translation>Fächer</translation>
    </message>
    <message>
        <source>Mail slots</source>
        <translation>Mail-Slots</translation>
    </message>
    <message>
        <source>Cleaning</source>
        <translation>Reinigung</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
</context>
<context>
    <name>tl::ui::LibraryView</name>
    <message>
        <source>Library drawing</source>
        <translation>Bibliotheksansicht</translation>
    </message>
    <message>
        <source>Drives</source>
        <translation>Laufwerke</translation>
    </message>
    <message>
        <source>Storage slots</source>
        <translation>Lagerfächer</translation>
    </message>
    <message>
        <source>Mail slots (import/export)</source>
        <translation>Postfächer (Import/Export)</translation>
    </message>
    <message>
        <source>Legend</source>
        <translation>Legende</translation>
    </message>
    <message>
        <source>Legend: %1</source>
        <translation>Legende: %1</translation>
    </message>
</context>
<context>
    <name>tl::ui::LogModel</name>
    <message>
        <source>trace</source>
        <translation>Ablauf</translation>
    </message>
    <message>
        <source>debug</source>
        <translation>Debug</translation>
    </message>
    <message>
        <source>info</source>
        <translation>Info</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>kritisch</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <source>Module</source>
        <translation>Modul</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
    <message>
        <source>this console</source>
        <translation>diese Konsole</translation>
    </message>
    <message>
        <source>pid %1</source>
        <translation>PID %1</translation>
    </message>
    <message>
        <source>pid %1 (service)</source>
        <translation>PID %1 (Dienst)</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>Prozess</translation>
    </message>
</context>
<context>
    <name>tl::ui::LogPage</name>
    <message>
        <source>&amp;Level:</source>
        <translation>&amp;Stufe:</translation>
    </message>
    <message>
        <source>Minimum log level</source>
        <translation>Minimale Protokollstufe</translation>
    </message>
    <message>
        <source>Filter by text or module</source>
        <translation>Nach Text oder Modul filtern</translation>
    </message>
    <message>
        <source>Log text filter</source>
        <translation>Textfilter des Protokolls</translation>
    </message>
    <message>
        <source>Log messages</source>
        <translation>Protokollmeldungen</translation>
    </message>
    <message>
        <source>&amp;Module:</source>
        <translation>&amp;Modul:</translation>
    </message>
    <message>
        <source>all</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>Log module</source>
        <translation>Protokollmodul</translation>
    </message>
    <message>
        <source>&amp;Job:</source>
        <translation>&amp;Auftrag:</translation>
    </message>
    <message>
        <source>Lines of job</source>
        <translation>Zeilen des Auftrags</translation>
    </message>
    <message>
        <source>Only the lines that name this job (&quot;backup job 12: …&quot;)</source>
        <translation>Nur die Zeilen, die diesen Auftrag nennen („backup job 12: …“)</translation>
    </message>
</context>
<context>
    <name>tl::ui::MainWindow</name>
    <message>
        <source>Tapeloom</source>
        <translation>Tapeloom</translation>
    </message>
    <message>
        <source>Pages</source>
        <translation>Seiten</translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation>Übersicht</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About Tapeloom</source>
        <translation>&amp;Über Tapeloom</translation>
    </message>
    <message>
        <source>Data directory: %1</source>
        <translation>Datenverzeichnis: %1</translation>
    </message>
    <message>
        <source>Monitoring error: %1</source>
        <translation>Fehler bei der Überwachung: %1</translation>
    </message>
    <message>
        <source>About Tapeloom</source>
        <translation>Über Tapeloom</translation>
    </message>
    <message>
        <source>&amp;Back up now…</source>
        <translation>&amp;Jetzt sichern …</translation>
    </message>
    <message>
        <source>&amp;Cancel the running backup</source>
        <translation>Laufende Sicherung &amp;abbrechen</translation>
    </message>
    <message>
        <source>Backup job %1 ended: %2</source>
        <translation>Sicherungsauftrag %1 beendet: %2</translation>
    </message>
    <message>
        <source>The backup could not start: %1</source>
        <translation>Die Sicherung konnte nicht starten: %1</translation>
    </message>
    <message>
        <source>Backup started; follow it on the Dashboard</source>
        <translation>Sicherung gestartet; verfolgen Sie sie in der Übersicht</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>Wiederherstellen</translation>
    </message>
    <message>
        <source>Reports</source>
        <translation>Berichte</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>Aufträge</translation>
    </message>
    <message>
        <source>Job %1 started; follow it on the Dashboard</source>
        <translation>Auftrag %1 gestartet; verfolgen Sie ihn im Dashboard</translation>
    </message>
    <message>
        <source>Media</source>
        <translation>Medien</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>Bibliothek</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>Geräte</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Engine activity</source>
        <translation>Engine-Aktivität</translation>
    </message>
    <message>
        <source>Operator requests</source>
        <translation>Operator-Anforderungen</translation>
    </message>
    <message>
        <source>Operator requests (%1)</source>
        <translation>Operator-Anforderungen (%1)</translation>
    </message>
    <message>
        <source>Operator requests: %1</source>
        <translation>Operator-Anforderungen: %1</translation>
    </message>
    <message>
        <source>Backup job %1 runs as a full backup: %2</source>
        <translation>Sicherungsauftrag %1 läuft als Vollsicherung: %2</translation>
    </message>
    <message>
        <source>The console quits when %1 has ended.</source>
        <translation>Die Konsole wird beendet, wenn %1 abgeschlossen ist.</translation>
    </message>
    <message>
        <source>Quit Tapeloom</source>
        <translation>Tapeloom beenden</translation>
    </message>
    <message>
        <source>%1 is running.</source>
        <translation>%1 läuft.</translation>
    </message>
    <message>
        <source>Quitting now cancels it: the job ends as “cancelled” and what it had not written yet is not backed up or restored. Or let it finish: the console quits when it has ended.</source>
        <translation>Wenn Sie jetzt beenden, wird er abgebrochen: Der Auftrag endet als „abgebrochen“, und was er noch nicht geschrieben hatte, wird nicht gesichert oder wiederhergestellt. Oder lassen Sie ihn fertig laufen: Die Konsole wird beendet, wenn er abgeschlossen ist.</translation>
    </message>
    <message>
        <source>It cannot be stopped halfway. The console can quit when it has ended.</source>
        <translation>Er kann nicht mittendrin angehalten werden. Die Konsole kann beendet werden, wenn er abgeschlossen ist.</translation>
    </message>
    <message>
        <source>Cancel the job and quit</source>
        <translation>Auftrag abbrechen und beenden</translation>
    </message>
    <message>
        <source>Quit when it has ended</source>
        <translation>Beenden, wenn er abgeschlossen ist</translation>
    </message>
    <message>
        <source>Keep the console open</source>
        <translation>Konsole geöffnet lassen</translation>
    </message>
    <message>
        <source>The console quits when %1 have ended.</source>
        <translation>Die Konsole wird beendet, wenn %1 abgeschlossen sind.</translation>
    </message>
    <message>
        <source>%1 jobs are running: %2.</source>
        <translation>%1 Aufträge laufen: %2.</translation>
    </message>
    <message>
        <source>They cannot be stopped halfway. The console can quit when they have all ended.</source>
        <translation>Sie können nicht mittendrin angehalten werden. Die Konsole kann beendet werden, wenn alle abgeschlossen sind.</translation>
    </message>
    <message>
        <source>Quitting now cancels them all: each ends as “cancelled” and what it had not written yet is not backed up or restored. Or let them finish: the console quits when they have all ended.</source>
        <translation>Jetzt beenden bricht alle ab: Jeder endet als „abgebrochen“, und was er noch nicht geschrieben hatte, wird nicht gesichert oder wiederhergestellt. Oder lassen Sie sie zu Ende laufen: Die Konsole wird beendet, wenn alle abgeschlossen sind.</translation>
    </message>
    <message>
        <source>Quitting now cancels those that can be stopped (they end as “cancelled”) and waits for the others to end. Or let them all finish: the console quits when they have all ended.</source>
        <translation>Jetzt beenden bricht die Aufträge ab, die sich anhalten lassen (sie enden als „abgebrochen“), und wartet, bis die anderen abgeschlossen sind. Oder lassen Sie alle zu Ende laufen: Die Konsole wird beendet, wenn alle abgeschlossen sind.</translation>
    </message>
    <message>
        <source>Cancel the jobs and quit</source>
        <translation>Aufträge abbrechen und beenden</translation>
    </message>
    <message>
        <source>Quit when they have ended</source>
        <translation>Beenden, wenn sie abgeschlossen sind</translation>
    </message>
    <message>
        <source>Service connection</source>
        <translation>Verbindung zum Dienst</translation>
    </message>
    <message>
        <source>The service holds this data directory: the console reads it and sends backups, restores and every change to the service</source>
        <translation>Der Dienst hält dieses Datenverzeichnis: Die Konsole liest es und sendet Sicherungen, Wiederherstellungen und jede Änderung an den Dienst</translation>
    </message>
    <message>
        <source>The service started %1</source>
        <translation>Der Dienst hat %1 gestartet</translation>
    </message>
    <message>
        <source>Job %1 waits: %2</source>
        <translation>Auftrag %1 wartet: %2</translation>
    </message>
    <message>
        <source>Job %1 ended in the service: %2</source>
        <translation>Auftrag %1 im Dienst beendet: %2</translation>
    </message>
    <message>
        <source>Clients</source>
        <translation>Clients</translation>
    </message>
    <message>
        <source>Service: %1</source>
        <translation>Dienst: %1</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Tapeloom %1&lt;/h3&gt;&lt;p&gt;A backup console for tape libraries: multiplexed backup of many disk sources, a catalog of every file, restores in a few clicks.&lt;/p&gt;&lt;p&gt;%2&lt;/p&gt;&lt;p&gt;Built with Qt %3.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Tapeloom %1&lt;/h3&gt;&lt;p&gt;Eine Sicherungskonsole für Bandbibliotheken: gemultiplexte Sicherung vieler Plattenquellen, ein Katalog jeder Datei, Wiederherstellung mit wenigen Klicks.&lt;/p&gt;&lt;p&gt;%2&lt;/p&gt;&lt;p&gt;Erstellt mit Qt %3.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The console reads the service at %1 and sends backups, restores and every change to it</source>
        <translation>Die Konsole liest den Dienst unter %1 und sendet Sicherungen, Wiederherstellungen und jede Änderung an ihn</translation>
    </message>
</context>
<context>
    <name>tl::ui::MediaActionDialog</name>
    <message>
        <source>Pool</source>
        <translation>Pool</translation>
    </message>
    <message>
        <source>&amp;Pool:</source>
        <translation>&amp;Pool:</translation>
    </message>
    <message>
        <source>Force</source>
        <translation>Erzwingen</translation>
    </message>
</context>
<context>
    <name>tl::ui::MediaActions</name>
    <message>
        <source>Label %1</source>
        <translation>%1 beschriften</translation>
    </message>
    <message>
        <source>Write a Tapeloom label on cartridge %1 and add it to a pool.</source>
        <translation>Ein Tapeloom-Label auf die Kassette %1 schreiben und sie einem Pool zuordnen.</translation>
    </message>
    <message>
        <source>Label all blank cartridges</source>
        <translation>Alle leeren Kassetten beschriften</translation>
    </message>
    <message>
        <source>Label every blank cartridge of the library, one after the other in a free drive, then put them back in their slots. A cartridge holding anything is skipped and listed.</source>
        <translation>Jede leere Kassette der Library nacheinander in einem freien Laufwerk beschriften und danach in ihre Fächer zurücklegen. Eine Kassette, auf der etwas steht, wird übersprungen und aufgeführt.</translation>
    </message>
    <message>
        <source>&amp;Barcodes:</source>
        <translation>&amp;Barcodes:</translation>
    </message>
    <message>
        <source>all (or a pattern such as TLO00*)</source>
        <translation>alle (oder ein Muster wie TLO00*)</translation>
    </message>
    <message>
        <source>Relabel %1</source>
        <translation>%1 neu beschriften</translation>
    </message>
    <message>
        <source>Write a new label on volume %1. It is refused while the volume holds data under retention, unless forced.</source>
        <translation>Ein neues Label auf das Band %1 schreiben. Das wird abgelehnt, solange das Band Daten unter Aufbewahrung enthält, außer es wird erzwungen.</translation>
    </message>
    <message>
        <source>Force: overwrite its data and purge its jobs from the catalog</source>
        <translation>Erzwingen: seine Daten überschreiben und seine Aufträge aus dem Katalog löschen</translation>
    </message>
    <message>
        <source>Recycle %1</source>
        <translation>%1 recyceln</translation>
    </message>
    <message>
        <source>Make volume %1 recyclable: the next backup of its pool relabels and overwrites it. Refused while it holds data under retention, unless forced.</source>
        <translation>Band %1 recycelbar machen: Die nächste Sicherung seines Pools beschriftet es neu und überschreibt es. Abgelehnt, solange es Daten unter Aufbewahrung enthält, außer es wird erzwungen.</translation>
    </message>
    <message>
        <source>Force: give up its data (its jobs are purged when it is relabeled)</source>
        <translation>Erzwingen: seine Daten aufgeben (seine Aufträge werden beim Neubeschriften gelöscht)</translation>
    </message>
    <message>
        <source>Move %1</source>
        <translation>%1 verlagern</translation>
    </message>
    <message>
        <source>Mark %1 off-site</source>
        <translation>%1 als ausgelagert markieren</translation>
    </message>
    <message>
        <source>Record that cartridge %1 is now at another location.</source>
        <translation>Festhalten, dass die Kassette %1 jetzt an einem anderen Ort ist.</translation>
    </message>
    <message>
        <source>Record that cartridge %1 left the library (it must be in a mail slot or outside already).</source>
        <translation>Festhalten, dass die Kassette %1 die Library verlassen hat (sie muss in einem Mail-Slot oder bereits außerhalb sein).</translation>
    </message>
    <message>
        <source>&amp;Location:</source>
        <translation>&amp;Ort:</translation>
    </message>
    <message>
        <source>e.g. Vault A</source>
        <translation>z. B. Tresor A</translation>
    </message>
    <message>
        <source>Media</source>
        <translation>Medien</translation>
    </message>
    <message>
        <source>Select a volume first.</source>
        <translation>Bitte zuerst ein Band auswählen.</translation>
    </message>
    <message>
        <source>Not now: %1</source>
        <translation>Jetzt nicht: %1</translation>
    </message>
    <message>
        <source>Labeling %1</source>
        <translation>Beschriften von %1</translation>
    </message>
    <message>
        <source>Volume %1 labeled for pool %2.</source>
        <translation>Band %1 für Pool %2 beschriftet.</translation>
    </message>
    <message>
        <source>Labeling the blank cartridges into pool %1</source>
        <translation>Beschriften der leeren Kassetten in Pool %1</translation>
    </message>
    <message>
        <source>%1: labeled</source>
        <translation>%1: beschriftet</translation>
    </message>
    <message>
        <source>%1: not labeled: %2</source>
        <translation>%1: nicht beschriftet: %2</translation>
    </message>
    <message>
        <source>No blank cartridge to label.</source>
        <translation>Keine leere Kassette zum Beschriften.</translation>
    </message>
    <message>
        <source>%1 of %2 cartridge(s) labeled; the others are listed with the reason.</source>
        <translation>%1 von %2 Kassette(n) beschriftet; die anderen sind mit dem Grund aufgeführt.</translation>
    </message>
    <message>
        <source>Every blank cartridge is labeled into pool %1 (see the list).</source>
        <translation>Jede leere Kassette ist in Pool %1 beschriftet (siehe Liste).</translation>
    </message>
    <message numerus="yes">
        <source>Relabel volume %1 into pool %2 with force? Whatever it holds is overwritten and its %n job(s) are purged from the catalog; they cannot be restored.</source>
        <translation>
            <numerusform>Volume %1 erzwungen in Pool %2 neu beschriften? Alles darauf wird überschrieben und sein %n Auftrag wird aus dem Katalog gelöscht; er kann nicht wiederhergestellt werden.</numerusform>
            <numerusform>Volume %1 erzwungen in Pool %2 neu beschriften? Alles darauf wird überschrieben und seine %n Aufträge werden aus dem Katalog gelöscht; sie können nicht wiederhergestellt werden.</numerusform>
        </translation>
    </message>
    <message>
        <source>Relabel volume %1 into pool %2? This is refused while it holds data under retention.</source>
        <translation>Band %1 in Pool %2 neu beschriften? Das wird abgelehnt, solange es Daten unter Aufbewahrung enthält.</translation>
    </message>
    <message>
        <source>Relabeling %1</source>
        <translation>Neubeschriften von %1</translation>
    </message>
    <message>
        <source>Volume %1 relabeled for pool %2.</source>
        <translation>Band %1 für Pool %2 neu beschriftet.</translation>
    </message>
    <message>
        <source>Recycle volume %1 with force? Its data is given up: the next backup overwrites it and its jobs are purged from the catalog.</source>
        <translation>Band %1 erzwungen recyceln? Seine Daten werden aufgegeben: Die nächste Sicherung überschreibt es und seine Aufträge werden aus dem Katalog gelöscht.</translation>
    </message>
    <message>
        <source>Recycle volume %1? The next backup of its pool overwrites it.</source>
        <translation>Band %1 recyceln? Die nächste Sicherung seines Pools überschreibt es.</translation>
    </message>
    <message>
        <source>Recycling %1</source>
        <translation>Recyceln von %1</translation>
    </message>
    <message>
        <source>Volume %1 is recyclable.</source>
        <translation>Band %1 ist recycelbar.</translation>
    </message>
    <message>
        <source>Changing the state of %1</source>
        <translation>Zustand von %1 wird geändert</translation>
    </message>
    <message>
        <source>Volume %1 changed.</source>
        <translation>Band %1 geändert.</translation>
    </message>
    <message>
        <source>Marking %1 off-site</source>
        <translation>%1 wird als ausgelagert markiert</translation>
    </message>
    <message>
        <source>Volume %1 is recorded at %2.</source>
        <translation>Band %1 ist bei %2 erfasst.</translation>
    </message>
    <message>
        <source>Marking %1 on-site</source>
        <translation>%1 wird als vor Ort markiert</translation>
    </message>
    <message>
        <source>Volume %1 is recorded back on site.</source>
        <translation>Band %1 ist wieder vor Ort erfasst.</translation>
    </message>
    <message>
        <source>Moving %1</source>
        <translation>%1 wird verlagert</translation>
    </message>
    <message>
        <source>No blank cartridge matches %1.</source>
        <translation>Keine leere Kassette passt zu %1.</translation>
    </message>
    <message numerus="yes">
        <source>%n blank cartridge(s) matching %1 labeled into pool %2 (see the list); blank cartridges that do not match stay blank.</source>
        <translation>
            <numerusform>%n leere Kassette, die zu %1 passt, für Pool %2 beschriftet (siehe Liste); leere Kassetten, die nicht passen, bleiben leer.</numerusform>
            <numerusform>%n leere Kassetten, die zu %1 passen, für Pool %2 beschriftet (siehe Liste); leere Kassetten, die nicht passen, bleiben leer.</numerusform>
        </translation>
    </message>
    <message>
        <source>Not now: %1 is still running; try again when it has ended.</source>
        <translation>Jetzt nicht: %1 läuft noch; versuchen Sie es erneut, wenn es beendet ist.</translation>
    </message>
</context>
<context>
    <name>tl::ui::MediaPage</name>
    <message>
        <source>Volumes</source>
        <translation>Bänder</translation>
    </message>
    <message>
        <source>Filter by barcode, pool or location</source>
        <translation>Nach Barcode, Pool oder Ort filtern</translation>
    </message>
    <message>
        <source>Filter volumes</source>
        <translation>Bänder filtern</translation>
    </message>
    <message>
        <source>Show the volumes of pool</source>
        <translation>Bänder dieses Pools zeigen</translation>
    </message>
    <message>
        <source>All pools</source>
        <translation>Alle Pools</translation>
    </message>
    <message>
        <source>Show the volumes in state</source>
        <translation>Bänder in diesem Zustand zeigen</translation>
    </message>
    <message>
        <source>All states</source>
        <translation>Alle Zustände</translation>
    </message>
    <message>
        <source>Status of the last action</source>
        <translation>Status der letzten Aktion</translation>
    </message>
    <message>
        <source>Result per cartridge</source>
        <translation>Ergebnis je Kassette</translation>
    </message>
    <message>
        <source>Pools</source>
        <translation>Pools</translation>
    </message>
    <message>
        <source>Cannot read the catalog: %1</source>
        <translation>Der Katalog kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Cannot read the library: %1</source>
        <translation>Die Bibliothek kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Select a volume first.</source>
        <translation>Bitte zuerst ein Band auswählen.</translation>
    </message>
    <message>
        <source>&amp;Label…</source>
        <translation>&amp;Beschriften …</translation>
    </message>
    <message>
        <source>Label the selected blank cartridge into a pool</source>
        <translation>Die ausgewählte leere Kassette in einen Pool beschriften</translation>
    </message>
    <message>
        <source>Label &amp;all blank…</source>
        <translation>&amp;Alle leeren beschriften …</translation>
    </message>
    <message>
        <source>Label every blank cartridge of the library into a pool</source>
        <translation>Jede leere Kassette der Library in einen Pool beschriften</translation>
    </message>
    <message>
        <source>&amp;Relabel…</source>
        <translation>&amp;Neu beschriften …</translation>
    </message>
    <message>
        <source>Label the selected volume again (its data is lost)</source>
        <translation>Das ausgewählte Band neu beschriften (seine Daten gehen verloren)</translation>
    </message>
    <message>
        <source>Re&amp;cycle…</source>
        <translation>Re&amp;cyceln …</translation>
    </message>
    <message>
        <source>Make the selected volume recyclable</source>
        <translation>Das ausgewählte Band recycelbar machen</translation>
    </message>
    <message>
        <source>Mark &amp;read-only</source>
        <translation>&amp;Schreibgeschützt markieren</translation>
    </message>
    <message>
        <source>Protect the selected volume from writing</source>
        <translation>Das ausgewählte Band vor dem Schreiben schützen</translation>
    </message>
    <message>
        <source>Mark volume %1 read-only? Backups stop writing to it.</source>
        <translation>Band %1 als schreibgeschützt markieren? Sicherungen schreiben nicht mehr darauf.</translation>
    </message>
    <message>
        <source>Mark &amp;disabled</source>
        <translation>&amp;Deaktiviert markieren</translation>
    </message>
    <message>
        <source>Take the selected volume out of use</source>
        <translation>Das ausgewählte Band außer Betrieb nehmen</translation>
    </message>
    <message>
        <source>Disable volume %1? Backups and restores stop using it.</source>
        <translation>Band %1 deaktivieren? Sicherungen und Wiederherstellungen verwenden es nicht mehr.</translation>
    </message>
    <message>
        <source>Mark da&amp;maged</source>
        <translation>Als &amp;beschädigt markieren</translation>
    </message>
    <message>
        <source>Record the selected volume as damaged (error state)</source>
        <translation>Das ausgewählte Band als beschädigt erfassen (Fehlerzustand)</translation>
    </message>
    <message>
        <source>Mark volume %1 damaged? It goes to the error state; a restore uses another copy where one exists.</source>
        <translation>Band %1 als beschädigt markieren? Es geht in den Fehlerzustand; eine Wiederherstellung verwendet eine andere Kopie, wo es eine gibt.</translation>
    </message>
    <message>
        <source>&amp;Enable</source>
        <translation>&amp;Aktivieren</translation>
    </message>
    <message>
        <source>Put a read-only, disabled or damaged volume back into use</source>
        <translation>Ein schreibgeschütztes, deaktiviertes oder beschädigtes Band wieder in Betrieb nehmen</translation>
    </message>
    <message>
        <source>Mark &amp;off-site…</source>
        <translation>Als &amp;ausgelagert markieren…</translation>
    </message>
    <message>
        <source>Record that the selected cartridge left for a location</source>
        <translation>Festhalten, dass die ausgewählte Kassette an einen Ort gebracht wurde</translation>
    </message>
    <message>
        <source>Mark o&amp;n-site</source>
        <translation>Als &amp;vor Ort markieren</translation>
    </message>
    <message>
        <source>Record that the selected cartridge is back</source>
        <translation>Festhalten, dass die ausgewählte Kassette zurück ist</translation>
    </message>
    <message>
        <source>&amp;Move to…</source>
        <translation>&amp;Verlagern nach …</translation>
    </message>
    <message>
        <source>Record that the selected cartridge moved to another location</source>
        <translation>Festhalten, dass die ausgewählte Kassette an einen anderen Ort gebracht wurde</translation>
    </message>
    <message>
        <source>Re&amp;fresh</source>
        <translation>A&amp;ktualisieren</translation>
    </message>
    <message>
        <source>Read the pools and volumes again</source>
        <translation>Pools und Bänder neu lesen</translation>
    </message>
    <message>
        <source>Volume actions</source>
        <translation>Band-Aktionen</translation>
    </message>
</context>
<context>
    <name>tl::ui::NotificationList</name>
    <message>
        <source>Open Library</source>
        <translation>Bibliothek öffnen</translation>
    </message>
    <message>
        <source>Open Media</source>
        <translation>Medien öffnen</translation>
    </message>
    <message>
        <source>Open Devices</source>
        <translation>Geräte öffnen</translation>
    </message>
    <message>
        <source>Nothing to do for the operator.</source>
        <translation>Für den Operator ist nichts zu tun.</translation>
    </message>
    <message>
        <source>Operator requests</source>
        <translation>Operator-Anforderungen</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Verwerfen</translation>
    </message>
    <message>
        <source>Dismiss: %1</source>
        <translation>Verwerfen: %1</translation>
    </message>
</context>
<context>
    <name>tl::ui::OperatorRequests</name>
    <message>
        <source>Drive %1 is waiting for media (%2 job %3): put a usable cartridge into the library or label one for the job&apos;s pool.</source>
        <translation>Laufwerk %1 wartet auf ein Medium (%2-Auftrag %3): Legen Sie eine verwendbare Kassette in die Bibliothek ein oder beschriften Sie eine für den Pool des Auftrags.</translation>
    </message>
    <message>
        <source>No volume left for pool %1 (jobs: %2): library %3 has no appendable volume and no blank cartridge for it. Import blank cartridges, label some into the Scratch pool or recycle volumes.</source>
        <translation>Kein Band mehr für Pool %1 (Aufträge: %2): Bibliothek %3 hat dafür kein beschreibbares Band und keine leere Kassette. Importieren Sie leere Kassetten, beschriften Sie einige für den Scratch-Pool oder geben Sie Bänder zur Wiederverwendung frei.</translation>
    </message>
    <message>
        <source>Insert volume %1 into the library: a restore needs it.</source>
        <translation>Legen Sie Band %1 in die Bibliothek ein: Eine Wiederherstellung benötigt es.</translation>
    </message>
    <message>
        <source>Drive %1 asks for cleaning: load a cleaning cartridge into it.</source>
        <translation>Laufwerk %1 verlangt eine Reinigung: Legen Sie eine Reinigungskassette ein.</translation>
    </message>
</context>
<context>
    <name>tl::ui::PoolDialog</name>
    <message>
        <source>Label blank cartridges into this pool when a backup needs a volume</source>
        <translation>Leere Kassetten in diesen Pool beschriften, wenn eine Sicherung ein Band braucht</translation>
    </message>
    <message>
        <source>Edit pool %1</source>
        <translation>Pool %1 bearbeiten</translation>
    </message>
    <message>
        <source>Add a pool</source>
        <translation>Pool hinzufügen</translation>
    </message>
    <message>
        <source>Pool name</source>
        <translation>Name des Pools</translation>
    </message>
    <message>
        <source>Purpose</source>
        <translation>Zweck</translation>
    </message>
    <message>
        <source> days</source>
        <translation> Tage</translation>
    </message>
    <message>
        <source>Job retention in days</source>
        <translation>Aufbewahrung der Aufträge in Tagen</translation>
    </message>
    <message>
        <source>File retention in days</source>
        <translation>Aufbewahrung der Dateieinträge in Tagen</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>keine Grenze</translation>
    </message>
    <message>
        <source>Maximum jobs per volume</source>
        <translation>Höchstzahl Aufträge je Band</translation>
    </message>
    <message>
        <source>no limit (e.g. 400G)</source>
        <translation>keine Grenze (z. B. 400G)</translation>
    </message>
    <message>
        <source>Maximum bytes per volume</source>
        <translation>Höchstzahl Bytes je Band</translation>
    </message>
    <message>
        <source>no limit (e.g. 7d, 12h)</source>
        <translation>keine Grenze (z. B. 7d, 12h)</translation>
    </message>
    <message>
        <source>Maximum use duration per volume</source>
        <translation>Höchste Nutzungsdauer je Band</translation>
    </message>
    <message>
        <source>automatic (prune makes expired volumes recyclable)</source>
        <translation>automatisch (prune macht abgelaufene Bänder recycelbar)</translation>
    </message>
    <message>
        <source>by hand (prune only lists them)</source>
        <translation>von Hand (prune listet sie nur auf)</translation>
    </message>
    <message>
        <source>Recycle policy</source>
        <translation>Recycling-Regel</translation>
    </message>
    <message>
        <source>Auto-label</source>
        <translation>Auto-Label</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Probleme</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>&amp;Purpose:</source>
        <translation>&amp;Zweck:</translation>
    </message>
    <message>
        <source>&amp;Job retention:</source>
        <translation>Aufbewahrung der &amp;Aufträge:</translation>
    </message>
    <message>
        <source>&amp;File retention:</source>
        <translation>Aufbewahrung der &amp;Dateien:</translation>
    </message>
    <message>
        <source>Max &amp;jobs per volume:</source>
        <translation>Max. J&amp;obs je Band:</translation>
    </message>
    <message>
        <source>Max &amp;bytes per volume:</source>
        <translation>Max. &amp;Bytes je Band:</translation>
    </message>
    <message>
        <source>Max &amp;use per volume:</source>
        <translation>Max. N&amp;utzungsdauer je Band:</translation>
    </message>
    <message>
        <source>&amp;Recycle:</source>
        <translation>&amp;Recycling:</translation>
    </message>
    <message>
        <source>Give the pool a name.</source>
        <translation>Bitte dem Pool einen Namen geben.</translation>
    </message>
    <message>
        <source>A pool name has letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos; only.</source>
        <translation>Ein Poolname besteht nur aus Buchstaben, Ziffern, &apos;.&apos;, &apos;_&apos; und &apos;-&apos;.</translation>
    </message>
    <message>
        <source>A pool named %1 exists already.</source>
        <translation>Ein Pool namens %1 existiert bereits.</translation>
    </message>
    <message>
        <source>File retention cannot be longer than the job retention.</source>
        <translation>Die Aufbewahrung der Dateien kann nicht länger sein als die der Aufträge.</translation>
    </message>
    <message>
        <source>Max bytes: a size such as 400G or 1.5T, or empty for no limit.</source>
        <translation>Max. Bytes: eine Größe wie 400G oder 1.5T, oder leer für keine Grenze.</translation>
    </message>
    <message>
        <source>Max use: a duration such as 7d, 12h or 90m, or empty for no limit.</source>
        <translation>Max. Nutzungsdauer: eine Dauer wie 7d, 12h oder 90m, oder leer für keine Grenze.</translation>
    </message>
    <message>
        <source>Encrypt the file names too</source>
        <translation>Auch die Dateinamen verschlüsseln</translation>
    </message>
    <message>
        <source>&amp;Encryption:</source>
        <translation>&amp;Verschlüsselung:</translation>
    </message>
    <message>
        <source>&amp;Key:</source>
        <translation>&amp;Schlüssel:</translation>
    </message>
    <message>
        <source>Choose the key to encrypt with (create one with tapeloom-cli key create NAME).</source>
        <translation>Wählen Sie den Schlüssel zum Verschlüsseln (einen neuen erzeugt tapeloom-cli key create NAME).</translation>
    </message>
    <message>
        <source>none (written in clear)</source>
        <translation>keine (unverschlüsselt geschrieben)</translation>
    </message>
    <message>
        <source>Encryption</source>
        <translation>Verschlüsselung</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Encrypt file names</source>
        <translation>Dateinamen verschlüsseln</translation>
    </message>
</context>
<context>
    <name>tl::ui::PoolTableModel</name>
    <message>
        <source>%1 d</source>
        <translation>%1 T</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>keine Grenze</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>automatisch</translation>
    </message>
    <message>
        <source>by hand</source>
        <translation>von Hand</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>Pool</source>
        <translation>Pool</translation>
    </message>
    <message>
        <source>Purpose</source>
        <translation>Zweck</translation>
    </message>
    <message>
        <source>Job retention</source>
        <translation>Aufbewahrung Aufträge</translation>
    </message>
    <message>
        <source>File retention</source>
        <translation>Aufbewahrung Dateien</translation>
    </message>
    <message>
        <source>Max jobs</source>
        <translation>Max. Aufträge</translation>
    </message>
    <message>
        <source>Max bytes</source>
        <translation>Max. Bytes</translation>
    </message>
    <message>
        <source>Max use</source>
        <translation>Max. Nutzung</translation>
    </message>
    <message>
        <source>Recycle</source>
        <translation>Recycling</translation>
    </message>
    <message>
        <source>Auto-label</source>
        <translation>Auto-Label</translation>
    </message>
    <message>
        <source>Volumes</source>
        <translation>Bänder</translation>
    </message>
    <message>
        <source>1 day</source>
        <translation>1 Tag</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 Tage</translation>
    </message>
</context>
<context>
    <name>tl::ui::PoolsPanel</name>
    <message>
        <source>&amp;Add pool…</source>
        <translation>Pool &amp;hinzufügen …</translation>
    </message>
    <message>
        <source>&amp;Edit pool…</source>
        <translation>Pool &amp;bearbeiten …</translation>
    </message>
    <message>
        <source>Remove pool…</source>
        <translation>Pool entfernen …</translation>
    </message>
    <message>
        <source>Pools</source>
        <translation>Pools</translation>
    </message>
    <message>
        <source>Add a pool</source>
        <translation>Pool hinzufügen</translation>
    </message>
    <message>
        <source>Edit the selected pool</source>
        <translation>Den ausgewählten Pool bearbeiten</translation>
    </message>
    <message>
        <source>Remove the selected pool</source>
        <translation>Den ausgewählten Pool entfernen</translation>
    </message>
    <message>
        <source>Adding pool %1</source>
        <translation>Pool %1 wird hinzugefügt</translation>
    </message>
    <message>
        <source>Pool %1 added.</source>
        <translation>Pool %1 hinzugefügt.</translation>
    </message>
    <message>
        <source>Changing pool %1</source>
        <translation>Pool %1 wird geändert</translation>
    </message>
    <message>
        <source>Pool %1 changed.</source>
        <translation>Pool %1 geändert.</translation>
    </message>
    <message>
        <source>Select a pool first.</source>
        <translation>Bitte zuerst einen Pool auswählen.</translation>
    </message>
    <message>
        <source>Remove pool %1? This is refused while volumes or jobs belong to it.</source>
        <translation>Pool %1 entfernen? Das wird abgelehnt, solange Bänder oder Aufträge zu ihm gehören.</translation>
    </message>
    <message>
        <source>Removing pool %1</source>
        <translation>Pool %1 wird entfernt</translation>
    </message>
    <message>
        <source>Pool %1 removed.</source>
        <translation>Pool %1 entfernt.</translation>
    </message>
</context>
<context>
    <name>tl::ui::QueuePanel</name>
    <message>
        <source>&amp;Cancel job…</source>
        <translation>Auftrag &amp;abbrechen…</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>Cancel the selected queued or running job</source>
        <translation>Den ausgewählten wartenden oder laufenden Auftrag abbrechen</translation>
    </message>
    <message>
        <source>Scheduler service</source>
        <translation>Planungsdienst</translation>
    </message>
    <message>
        <source>Scheduler service: running (pid %1).</source>
        <translation>Planungsdienst: läuft (PID %1).</translation>
    </message>
    <message>
        <source>Select a job in the queue to cancel.</source>
        <translation>Wählen Sie einen Auftrag in der Warteschlange zum Abbrechen aus.</translation>
    </message>
    <message>
        <source>Cancel job %1 (%2)?</source>
        <translation>Auftrag %1 (%2) abbrechen?</translation>
    </message>
    <message>
        <source>Cancelling %1…</source>
        <translation>%1 wird abgebrochen…</translation>
    </message>
    <message>
        <source>%1 has already ended.</source>
        <translation>%1 ist bereits beendet.</translation>
    </message>
    <message>
        <source>Cancel requested for %1 (queue entry %2).</source>
        <translation>Abbruch für %1 angefordert (Warteschlangeneintrag %2).</translation>
    </message>
    <message>
        <source>Cannot cancel queue entry %1: %2</source>
        <translation>Warteschlangeneintrag %1 kann nicht abgebrochen werden: %2</translation>
    </message>
    <message>
        <source>%1 cannot be stopped halfway; it ends by itself.</source>
        <translation>%1 kann nicht mittendrin angehalten werden; es endet von selbst.</translation>
    </message>
    <message>
        <source>Scheduler service: cannot be read (%1); the table shows the queue as last read.</source>
        <translation>Planungsdienst: nicht lesbar (%1); die Tabelle zeigt die Warteschlange wie zuletzt gelesen.</translation>
    </message>
    <message>
        <source>Cannot read the queue: %1</source>
        <translation>Die Warteschlange kann nicht gelesen werden: %1</translation>
    </message>
</context>
<context>
    <name>tl::ui::QueueTableModel</name>
    <message>
        <source>this console</source>
        <translation>diese Konsole</translation>
    </message>
    <message>
        <source>stopping</source>
        <translation>wird angehalten</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>wartet</translation>
    </message>
    <message>
        <source>Entry</source>
        <translation>Eintrag</translation>
    </message>
    <message>
        <source>Job definition</source>
        <translation>Auftragsdefinition</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>Versuch</translation>
    </message>
    <message>
        <source>Since / not before</source>
        <translation>Seit / nicht vor</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>wartet</translation>
    </message>
    <message>
        <source>Waiting for</source>
        <translation>Wartet auf</translation>
    </message>
</context>
<context>
    <name>tl::ui::ReportsPage</name>
    <message>
        <source>Jobs</source>
        <translation>Aufträge</translation>
    </message>
    <message>
        <source>Benchmarks</source>
        <translation>Messungen</translation>
    </message>
</context>
<context>
    <name>tl::ui::RestorePage</name>
    <message>
        <source>&amp;Plan</source>
        <translation>&amp;Planen</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>Abb&amp;rechen</translation>
    </message>
    <message>
        <source>Files of the chosen backup</source>
        <translation>Dateien der gewählten Sicherung</translation>
    </message>
    <message>
        <source>Compute the restore plan</source>
        <translation>Den Wiederherstellungsplan berechnen</translation>
    </message>
    <message>
        <source>Start the restore</source>
        <translation>Die Wiederherstellung starten</translation>
    </message>
    <message>
        <source>Start the restore (Ctrl+R)</source>
        <translation>Die Wiederherstellung starten (Strg+R)</translation>
    </message>
    <message>
        <source>Cancel the running restore</source>
        <translation>Die laufende Wiederherstellung abbrechen</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen …</translation>
    </message>
    <message>
        <source>Plan ready.</source>
        <translation>Plan bereit.</translation>
    </message>
    <message>
        <source>Cannot list the backups: %1</source>
        <translation>Die Sicherungen können nicht aufgelistet werden: %1</translation>
    </message>
    <message>
        <source>Showing backup job %1.</source>
        <translation>Sicherungsauftrag %1 wird angezeigt.</translation>
    </message>
    <message>
        <source>Showing %1 as of the chosen time.</source>
        <translation>%1 zum gewählten Zeitpunkt wird angezeigt.</translation>
    </message>
    <message>
        <source>Computing the plan…</source>
        <translation>Der Plan wird berechnet …</translation>
    </message>
    <message>
        <source>Choose the folder to restore into.</source>
        <translation>Wählen Sie den Ordner für die Wiederherstellung.</translation>
    </message>
    <message>
        <source>Start restore</source>
        <translation>Wiederherstellung starten</translation>
    </message>
    <message>
        <source>Nothing to restore yet: there is no backup in the catalog. Back up first with File ▸ Back up now… (Ctrl+B) or a job on the Jobs page; its files then appear here to tick.</source>
        <translation>Noch nichts wiederherzustellen: Der Katalog enthält keine Sicherung. Zuerst mit Datei ▸ Jetzt sichern … (Strg+B) oder einem Auftrag auf der Seite Aufträge sichern; ihre Dateien erscheinen dann hier zum Ankreuzen.</translation>
    </message>
    <message>
        <source>The chosen files are encrypted with key %1, which is not in the key store: import it to continue.</source>
        <translation>Die gewählten Dateien sind mit dem Schlüssel %1 verschlüsselt, der nicht im Schlüsselspeicher liegt: Importieren Sie ihn, um fortzufahren.</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>Wiederherstellen</translation>
    </message>
    <message>
        <source>into %1 (as %2)</source>
        <translation>nach %1 (als %2)</translation>
    </message>
    <message>
        <source>to its original location %1</source>
        <translation>an ihren ursprünglichen Ort %1</translation>
    </message>
    <message>
        <source>kept and the restored one skipped</source>
        <translation>behalten und die wiederhergestellte übersprungen</translation>
    </message>
    <message>
        <source>overwritten</source>
        <translation>überschrieben</translation>
    </message>
    <message>
        <source>kept if it is newer</source>
        <translation>behalten, wenn sie neuer ist</translation>
    </message>
    <message>
        <source>kept and the restored one renamed</source>
        <translation>behalten und die wiederhergestellte umbenannt</translation>
    </message>
    <message>
        <source>Restore %1 as backed up by job %2 %3?
A file already there is %4.</source>
        <translation>%1 wie von Auftrag %2 gesichert %3 wiederherstellen?
Eine dort schon vorhandene Datei wird %4.</translation>
    </message>
    <message>
        <source>Restore of %1 not started.</source>
        <translation>Wiederherstellung von %1 nicht gestartet.</translation>
    </message>
    <message>
        <source>Reading the files of the chosen backup…</source>
        <translation>Die Dateien der gewählten Sicherung werden gelesen…</translation>
    </message>
</context>
<context>
    <name>tl::ui::RestoreReportView</name>
    <message>
        <source>Restore plan</source>
        <translation>Wiederherstellungsplan</translation>
    </message>
    <message>
        <source>Tick files or folders, then Plan (or Start with Ctrl+R).</source>
        <translation>Haken Sie Dateien oder Ordner an, dann Planen (oder Starten mit Strg+R).</translation>
    </message>
    <message>
        <source>Restore progress</source>
        <translation>Fortschritt der Wiederherstellung</translation>
    </message>
    <message>
        <source>Restore result</source>
        <translation>Ergebnis der Wiederherstellung</translation>
    </message>
    <message>
        <source>Restore status</source>
        <translation>Status der Wiederherstellung</translation>
    </message>
    <message>
        <source>No plan: %1</source>
        <translation>Kein Plan: %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%2%3, %n block(s))</source>
        <translation>
            <numerusform>%1 (%2%3, %n Block/Blöcke)</numerusform>
            <numerusform>%1 (%2%3, %n Block/Blöcke)</numerusform>
        </translation>
    </message>
    <message>
        <source> — not in the library</source>
        <translation> — nicht in der Bibliothek</translation>
    </message>
    <message numerus="yes">
        <source>Plan: %n file(s), %1 wanted, %2 to read, about %3 s (%4).</source>
        <translation>
            <numerusform>Plan: %n Datei(en), %1 gewünscht, %2 zu lesen, etwa %3 s (%4).</numerusform>
            <numerusform>Plan: %n Datei(en), %1 gewünscht, %2 zu lesen, etwa %3 s (%4).</numerusform>
        </translation>
    </message>
    <message>
        <source>at the recent backups&apos; rate</source>
        <translation>mit der Rate der letzten Sicherungen</translation>
    </message>
    <message>
        <source>at an assumed rate</source>
        <translation>mit einer angenommenen Rate</translation>
    </message>
    <message>
        <source>Volumes needed: %1</source>
        <translation>Benötigte Bänder: %1</translation>
    </message>
    <message>
        <source>Outside the library: %1 — insert them before starting.</source>
        <translation>Außerhalb der Bibliothek: %1 — legen Sie sie vor dem Start ein.</translation>
    </message>
    <message>
        <source>Restoring…</source>
        <translation>Wird wiederhergestellt …</translation>
    </message>
    <message>
        <source>Status: %1</source>
        <translation>Status: %1</translation>
    </message>
    <message>
        <source>Restore job(s): %1</source>
        <translation>Wiederherstellungsauftrag/-aufträge: %1</translation>
    </message>
    <message>
        <source>Files restored: %1, skipped: %2, failed: %3</source>
        <translation>Dateien wiederhergestellt: %1, übersprungen: %2, fehlgeschlagen: %3</translation>
    </message>
    <message>
        <source>Bytes: %1</source>
        <translation>Bytes: %1</translation>
    </message>
    <message>
        <source>Insert these volumes into the library: %1</source>
        <translation>Legen Sie diese Bänder in die Bibliothek ein: %1</translation>
    </message>
    <message>
        <source>Problems:</source>
        <translation>Probleme:</translation>
    </message>
    <message>
        <source>The restore completed.</source>
        <translation>Die Wiederherstellung ist abgeschlossen.</translation>
    </message>
    <message>
        <source>The restore ended: %1</source>
        <translation>Die Wiederherstellung endete: %1</translation>
    </message>
    <message>
        <source>Waiting %1 s</source>
        <translation>Wartet %1 s</translation>
    </message>
    <message>
        <source>Job %1 waits: %2</source>
        <translation>Auftrag %1 wartet: %2</translation>
    </message>
    <message>
        <source>%1 of %2 read from tape</source>
        <translation>%1 von %2 vom Band gelesen</translation>
    </message>
    <message>
        <source>Restoring (job %1, after waiting %2 s)…</source>
        <translation>Wiederherstellung läuft (Auftrag %1, nach %2 s Warten)…</translation>
    </message>
    <message>
        <source>Restoring (job %1)…</source>
        <translation>Wiederherstellung läuft (Auftrag %1)…</translation>
    </message>
    <message>
        <source>Time: %1 s working, %2 s waiting for volumes or drives other jobs held</source>
        <translation>Zeit: %1 s Arbeit, %2 s Warten auf Bänder oder Laufwerke anderer Aufträge</translation>
    </message>
    <message>
        <source>Time: %1 s</source>
        <translation>Zeit: %1 s</translation>
    </message>
    <message>
        <source>Rate: %1</source>
        <translation>Rate: %1</translation>
    </message>
</context>
<context>
    <name>tl::ui::RestoreRunner</name>
    <message>
        <source>A restore is already running; wait for it or cancel it.</source>
        <translation>Eine Wiederherstellung läuft bereits; warten Sie darauf oder brechen Sie sie ab.</translation>
    </message>
    <message>
        <source>Nothing is selected to restore.</source>
        <translation>Nichts zum Wiederherstellen ausgewählt.</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>Wiederherstellung</translation>
    </message>
</context>
<context>
    <name>tl::ui::RestoreSearchPanel</name>
    <message>
        <source>Search by name (e.g. report or *.pdf), Enter to search</source>
        <translation>Nach Namen suchen (z. B. bericht oder *.pdf), Eingabetaste zum Suchen</translation>
    </message>
    <message>
        <source>Search by name</source>
        <translation>Nach Namen suchen</translation>
    </message>
    <message>
        <source>Search results</source>
        <translation>Suchergebnisse</translation>
    </message>
    <message>
        <source>Search status</source>
        <translation>Suchstatus</translation>
    </message>
    <message>
        <source>Choose a backup first.</source>
        <translation>Wählen Sie zuerst eine Sicherung.</translation>
    </message>
    <message>
        <source>Search failed: %1</source>
        <translation>Suche fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>The first %1 matches</source>
        <translation>Die ersten %1 Treffer</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n Treffer</numerusform>
            <numerusform>%n Treffer</numerusform>
        </translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Suche läuft…</translation>
    </message>
</context>
<context>
    <name>tl::ui::RestoreSourcePicker</name>
    <message>
        <source>From a backup &amp;job:</source>
        <translation>Aus einem Sicherungs&amp;auftrag:</translation>
    </message>
    <message>
        <source>From a &amp;source as of:</source>
        <translation>Aus einer &amp;Quelle zum Zeitpunkt:</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>Jetzt</translation>
    </message>
    <message>
        <source>&amp;Show files</source>
        <translation>Dateien &amp;anzeigen</translation>
    </message>
    <message>
        <source>Backup job</source>
        <translation>Sicherungsauftrag</translation>
    </message>
    <message>
        <source>Backed-up source</source>
        <translation>Gesicherte Quelle</translation>
    </message>
    <message>
        <source>Point in time</source>
        <translation>Zeitpunkt</translation>
    </message>
    <message>
        <source>Set the point in time to now</source>
        <translation>Zeitpunkt auf jetzt setzen</translation>
    </message>
    <message>
        <source>Show the files of this choice</source>
        <translation>Die Dateien dieser Auswahl anzeigen</translation>
    </message>
    <message>
        <source>Job %1 — %2, %3 (%4)</source>
        <translation>Auftrag %1 — %2, %3 (%4)</translation>
    </message>
    <message>
        <source>Client whose backups are listed</source>
        <translation>Client, dessen Sicherungen aufgeführt werden</translation>
    </message>
    <message>
        <source>All machines</source>
        <translation>Alle Rechner</translation>
    </message>
    <message>
        <source>This machine</source>
        <translation>Dieser Rechner</translation>
    </message>
    <message>
        <source>C&amp;lient:</source>
        <translation>C&amp;lient:</translation>
    </message>
    <message>
        <source>client %1</source>
        <translation>Client %1</translation>
    </message>
</context>
<context>
    <name>tl::ui::RestoreTargetPanel</name>
    <message>
        <source>The folder is a path on the service&apos;s machine (%1): type it. Browse shows this machine&apos;s folders only.</source>
        <translation>Der Ordner ist ein Pfad auf dem Rechner des Dienstes (%1): Geben Sie ihn ein. Durchsuchen zeigt nur die Ordner dieses Rechners.</translation>
    </message>
    <message>
        <source>Folder on %1 to restore into</source>
        <translation>Ordner auf %1, in den wiederhergestellt wird</translation>
    </message>
    <message>
        <source>&amp;Original location</source>
        <translation>&amp;Ursprünglicher Ort</translation>
    </message>
    <message>
        <source>&amp;Another folder:</source>
        <translation>&amp;Anderer Ordner:</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen …</translation>
    </message>
    <message>
        <source>Restore to the original location</source>
        <translation>Am ursprünglichen Ort wiederherstellen</translation>
    </message>
    <message>
        <source>Restore to another folder</source>
        <translation>In einen anderen Ordner wiederherstellen</translation>
    </message>
    <message>
        <source>Target folder</source>
        <translation>Zielordner</translation>
    </message>
    <message>
        <source>Folder to restore into</source>
        <translation>Ordner für die Wiederherstellung</translation>
    </message>
    <message>
        <source>Choose the target folder</source>
        <translation>Den Zielordner wählen</translation>
    </message>
    <message>
        <source>Existing files</source>
        <translation>Vorhandene Dateien</translation>
    </message>
    <message>
        <source>Skip them</source>
        <translation>Überspringen</translation>
    </message>
    <message>
        <source>Overwrite them</source>
        <translation>Überschreiben</translation>
    </message>
    <message>
        <source>Keep the newer one</source>
        <translation>Die neuere behalten</translation>
    </message>
    <message>
        <source>Rename the restored file</source>
        <translation>Die wiederhergestellte Datei umbenennen</translation>
    </message>
    <message>
        <source>Restore to:</source>
        <translation>Wiederherstellen nach:</translation>
    </message>
    <message>
        <source>Existing files:</source>
        <translation>Vorhandene Dateien:</translation>
    </message>
    <message>
        <source>Restore into</source>
        <translation>Wiederherstellen in</translation>
    </message>
    <message>
        <source>Machine to restore on</source>
        <translation>Rechner, auf dem wiederhergestellt wird</translation>
    </message>
    <message>
        <source>A client&apos;s agent writes the files there; the folder is a path on that client</source>
        <translation>Der Agent eines Clients schreibt die Dateien dort; der Ordner ist ein Pfad auf diesem Client</translation>
    </message>
    <message>
        <source>Where it was backed up</source>
        <translation>Wo es gesichert wurde</translation>
    </message>
    <message>
        <source>Restore on:</source>
        <translation>Wiederherstellen auf:</translation>
    </message>
    <message>
        <source>Client %1</source>
        <translation>Client %1</translation>
    </message>
</context>
<context>
    <name>tl::ui::RestoreTreeModel</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Modified</source>
        <translation>Geändert</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Auftrag</translation>
    </message>
</context>
<context>
    <name>tl::ui::RestoreVersionsPanel</name>
    <message>
        <source>Restore this &amp;version</source>
        <translation>Diese &amp;Version wiederherstellen</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Auftrag</translation>
    </message>
    <message>
        <source>Backed up</source>
        <translation>Gesichert</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Versions of the file</source>
        <translation>Versionen der Datei</translation>
    </message>
    <message>
        <source>Restore the chosen version</source>
        <translation>Die gewählte Version wiederherstellen</translation>
    </message>
    <message>
        <source>Versions: pick a file in the tree or the search results</source>
        <translation>Versionen: Wählen Sie eine Datei im Baum oder in den Suchergebnissen</translation>
    </message>
    <message>
        <source>Cannot list the versions of %1: %2</source>
        <translation>Die Versionen von %1 können nicht aufgelistet werden: %2</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>gelöscht</translation>
    </message>
    <message numerus="yes">
        <source>Versions of %1: %n</source>
        <translation>
            <numerusform>Versionen von %1: %n</numerusform>
            <numerusform>Versionen von %1: %n</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tl::ui::RunningPanel</name>
    <message>
        <source>&amp;Cancel job…</source>
        <translation>Auftrag &amp;abbrechen…</translation>
    </message>
    <message>
        <source>Running jobs</source>
        <translation>Laufende Aufträge</translation>
    </message>
    <message>
        <source>Cancel the selected running job</source>
        <translation>Den ausgewählten laufenden Auftrag abbrechen</translation>
    </message>
    <message>
        <source>Select a running job to cancel.</source>
        <translation>Wählen Sie einen laufenden Auftrag zum Abbrechen aus.</translation>
    </message>
    <message>
        <source>Job %1 runs in process %2 (tapeloom-cli): stop it there.</source>
        <translation>Auftrag %1 läuft im Prozess %2 (tapeloom-cli): Halten Sie ihn dort an.</translation>
    </message>
    <message>
        <source>Cancel job %1? It ends as “cancelled”: what it has not written yet is not backed up.</source>
        <translation>Auftrag %1 abbrechen? Er endet als „abgebrochen“: Was er noch nicht geschrieben hat, wird nicht gesichert.</translation>
    </message>
    <message>
        <source>Cancel requested for job %1.</source>
        <translation>Abbruch für Auftrag %1 angefordert.</translation>
    </message>
    <message>
        <source>Cannot cancel job %1: %2</source>
        <translation>Auftrag %1 kann nicht abgebrochen werden: %2</translation>
    </message>
    <message>
        <source>Jobs running on the service&apos;s data directory: the scheduler service&apos;s and those of tapeloom-cli. Progress is measured against the last run of the same sources.</source>
        <translation>Aufträge, die im Datenverzeichnis des Dienstes laufen: die des Planungsdienstes und die von tapeloom-cli. Der Fortschritt wird am letzten Lauf derselben Quellen gemessen.</translation>
    </message>
    <message>
        <source>Cannot read the running jobs from the service (%1); the table shows them as last read.</source>
        <translation>Die laufenden Aufträge können nicht vom Dienst gelesen werden (%1); die Tabelle zeigt sie wie zuletzt gelesen.</translation>
    </message>
    <message>
        <source>Cannot read the running jobs: %1</source>
        <translation>Die laufenden Aufträge können nicht gelesen werden: %1</translation>
    </message>
</context>
<context>
    <name>tl::ui::RunningTableModel</name>
    <message>
        <source>scheduler service</source>
        <translation>Planungsdienst</translation>
    </message>
    <message>
        <source>process %1</source>
        <translation>Prozess %1</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Auftrag</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <source>Run by</source>
        <translation>Ausgeführt von</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
    <message>
        <source>Read</source>
        <translation>Gelesen</translation>
    </message>
    <message>
        <source>Wall rate</source>
        <translation>Gesamtrate</translation>
    </message>
    <message>
        <source>Elapsed</source>
        <translation>Verstrichen</translation>
    </message>
    <message>
        <source>Time left</source>
        <translation>Restzeit</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>wartet</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>not started</source>
        <translation>nicht begonnen</translation>
    </message>
    <message>
        <source>waiting %1</source>
        <translation>wartet %1</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Waiting for</source>
        <translation>Wartet auf</translation>
    </message>
</context>
<context>
    <name>tl::ui::SchedulePanel</name>
    <message>
        <source>&amp;Add schedule</source>
        <translation>Zeitplan &amp;hinzufügen</translation>
    </message>
    <message>
        <source>Re&amp;move schedule</source>
        <translation>Zeitplan ent&amp;fernen</translation>
    </message>
    <message>
        <source>Schedules</source>
        <translation>Zeitpläne</translation>
    </message>
    <message>
        <source>Job definition to schedule</source>
        <translation>Zu planende Auftragsdefinition</translation>
    </message>
    <message>
        <source>Schedule rule</source>
        <translation>Zeitplanregel</translation>
    </message>
    <message>
        <source>e.g. full sun#1 at 23:05; diff sun at 23:05; incr mon-sat at 23:05 — or a cron expression, or once YYYY-MM-DD HH:MM</source>
        <translation>z. B. full sun#1 at 23:05; diff sun at 23:05; incr mon-sat at 23:05 — oder ein Cron-Ausdruck oder once JJJJ-MM-TT HH:MM</translation>
    </message>
    <message>
        <source>Next runs of the rule</source>
        <translation>Nächste Läufe der Regel</translation>
    </message>
    <message>
        <source>Add the schedule</source>
        <translation>Den Zeitplan hinzufügen</translation>
    </message>
    <message>
        <source>Remove the selected schedule</source>
        <translation>Den ausgewählten Zeitplan entfernen</translation>
    </message>
    <message>
        <source>&amp;Job definition:</source>
        <translation>&amp;Auftragsdefinition:</translation>
    </message>
    <message>
        <source>&amp;Rule:</source>
        <translation>&amp;Regel:</translation>
    </message>
    <message>
        <source>Next runs:</source>
        <translation>Nächste Läufe:</translation>
    </message>
    <message>
        <source>Define a job first (Definitions tab).</source>
        <translation>Definieren Sie zuerst einen Auftrag (Reiter „Definitionen“).</translation>
    </message>
    <message>
        <source>%1  %2</source>
        <translation>%1  %2</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Type a rule first.</source>
        <translation>Geben Sie zuerst eine Regel ein.</translation>
    </message>
    <message>
        <source>Adding a schedule</source>
        <translation>Zeitplan wird hinzugefügt</translation>
    </message>
    <message>
        <source>The schedule was not added: %1</source>
        <translation>Der Zeitplan wurde nicht hinzugefügt: %1</translation>
    </message>
    <message>
        <source>Schedule %1 added to %2.</source>
        <translation>Zeitplan %1 zu %2 hinzugefügt.</translation>
    </message>
    <message>
        <source>Select a schedule to remove.</source>
        <translation>Wählen Sie einen Zeitplan zum Entfernen aus.</translation>
    </message>
    <message>
        <source>Remove schedule %1 (%2) of %3?</source>
        <translation>Zeitplan %1 (%2) von %3 entfernen?</translation>
    </message>
    <message>
        <source>Removing a schedule</source>
        <translation>Zeitplan wird entfernt</translation>
    </message>
    <message>
        <source>The schedule was not removed: %1</source>
        <translation>Der Zeitplan wurde nicht entfernt: %1</translation>
    </message>
    <message>
        <source>Schedule %1 removed.</source>
        <translation>Zeitplan %1 entfernt.</translation>
    </message>
    <message>
        <source>&amp;Save changes</source>
        <translation>Änderungen &amp;speichern</translation>
    </message>
    <message>
        <source>Schedule name</source>
        <translation>Name des Zeitplans</translation>
    </message>
    <message>
        <source>e.g. weeknights (optional)</source>
        <translation>z. B. wochentags (optional)</translation>
    </message>
    <message>
        <source>Problem with the rule</source>
        <translation>Problem mit der Regel</translation>
    </message>
    <message>
        <source>Save the name and rule into the selected schedule</source>
        <translation>Name und Regel in den ausgewählten Zeitplan speichern</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>Next %1: %2</source>
        <translation>Nächste Sicherung (%1): %2</translation>
    </message>
    <message>
        <source>Select a schedule to change.</source>
        <translation>Bitte einen Zeitplan zum Ändern auswählen.</translation>
    </message>
    <message>
        <source>Changing a schedule</source>
        <translation>Zeitplan wird geändert</translation>
    </message>
    <message>
        <source>The schedule was not changed: %1</source>
        <translation>Der Zeitplan wurde nicht geändert: %1</translation>
    </message>
    <message>
        <source>Schedule %1 saved.</source>
        <translation>Zeitplan %1 gespeichert.</translation>
    </message>
    <message>
        <source>Cannot read the schedules: %1</source>
        <translation>Die Zeitpläne können nicht gelesen werden: %1</translation>
    </message>
</context>
<context>
    <name>tl::ui::ScheduleTableModel</name>
    <message>
        <source>invalid rule</source>
        <translation>ungültige Regel</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>Zeitplan</translation>
    </message>
    <message>
        <source>Job definition</source>
        <translation>Auftragsdefinition</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>Regel</translation>
    </message>
    <message>
        <source>Next run</source>
        <translation>Nächster Lauf</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
</context>
<context>
    <name>tl::ui::ServiceConnection</name>
    <message>
        <source>Connecting to the service…</source>
        <translation>Verbindung zum Dienst wird hergestellt…</translation>
    </message>
    <message>
        <source>Service stopped: %1 — reconnecting</source>
        <translation>Dienst angehalten: %1 — neue Verbindung wird versucht</translation>
    </message>
    <message>
        <source>Service pid %1 (API %2)</source>
        <translation>Dienst PID %1 (API %2)</translation>
    </message>
    <message>
        <source>the service ended the event stream</source>
        <translation>der Dienst hat den Ereignisstrom beendet</translation>
    </message>
</context>
<context>
    <name>tl::ui::SessionTableModel</name>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Drive</source>
        <translation>Laufwerk</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Bytes read</source>
        <translation>Gelesene Bytes</translation>
    </message>
    <message>
        <source>Rate</source>
        <translation>Rate</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Dateien</translation>
    </message>
    <message>
        <source>Current file</source>
        <translation>Aktuelle Datei</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>tl::ui::SettingsPage</name>
    <message>
        <source>Data directory</source>
        <translation>Datenverzeichnis</translation>
    </message>
    <message>
        <source>Data directory in use</source>
        <translation>Verwendetes Datenverzeichnis</translation>
    </message>
    <message>
        <source>the default (--home, TAPELOOM_HOME or ~/.local/share)</source>
        <translation>die Vorgabe (--home, TAPELOOM_HOME oder ~/.local/share)</translation>
    </message>
    <message>
        <source>Data directory to use at the next start</source>
        <translation>Datenverzeichnis für den nächsten Start</translation>
    </message>
    <message>
        <source>C&amp;hoose…</source>
        <translation>Aus&amp;wählen…</translation>
    </message>
    <message>
        <source>Choose the data directory for the next start</source>
        <translation>Das Datenverzeichnis für den nächsten Start auswählen</translation>
    </message>
    <message>
        <source>In use:</source>
        <translation>In Verwendung:</translation>
    </message>
    <message>
        <source>Use another data directory at &amp;next start:</source>
        <translation>Beim &amp;nächsten Start ein anderes Datenverzeichnis verwenden:</translation>
    </message>
    <message>
        <source>--home and TAPELOOM_HOME still take precedence. The folder is created at the next start if it does not exist.</source>
        <translation>--home und TAPELOOM_HOME haben weiterhin Vorrang. Der Ordner wird beim nächsten Start angelegt, falls er nicht existiert.</translation>
    </message>
    <message>
        <source>Display</source>
        <translation>Anzeige</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>Poll interval of the live views in milliseconds</source>
        <translation>Abfrageintervall der Live-Ansichten in Millisekunden</translation>
    </message>
    <message>
        <source>Decimal (MB, MB/s)</source>
        <translation>Dezimal (MB, MB/s)</translation>
    </message>
    <message>
        <source>Binary (MiB, MiB/s)</source>
        <translation>Binär (MiB, MiB/s)</translation>
    </message>
    <message>
        <source>Units of sizes and rates</source>
        <translation>Einheiten für Größen und Raten</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Design</translation>
    </message>
    <message>
        <source>&amp;Poll interval:</source>
        <translation>&amp;Abfrageintervall:</translation>
    </message>
    <message>
        <source>&amp;Units:</source>
        <translation>&amp;Einheiten:</translation>
    </message>
    <message>
        <source>Theme:</source>
        <translation>Design:</translation>
    </message>
    <message>
        <source>Settings status</source>
        <translation>Status der Einstellungen</translation>
    </message>
    <message>
        <source>Data directory for the next start</source>
        <translation>Datenverzeichnis für den nächsten Start</translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation>Gespeichert.</translation>
    </message>
    <message>
        <source>%1 is not an absolute path.</source>
        <translation>%1 ist kein absoluter Pfad.</translation>
    </message>
    <message>
        <source>%1 is not a folder.</source>
        <translation>%1 ist kein Ordner.</translation>
    </message>
    <message>
        <source>%1 is not writable.</source>
        <translation>%1 ist nicht beschreibbar.</translation>
    </message>
    <message>
        <source>%1 cannot be created: %2 is not writable.</source>
        <translation>%1 kann nicht angelegt werden: %2 ist nicht beschreibbar.</translation>
    </message>
    <message>
        <source>Data directory not changed: %1</source>
        <translation>Datenverzeichnis nicht geändert: %1</translation>
    </message>
    <message>
        <source>The next start uses the default data directory.</source>
        <translation>Der nächste Start verwendet das Standard-Datenverzeichnis.</translation>
    </message>
    <message>
        <source>The next start uses %1.</source>
        <translation>Der nächste Start verwendet %1.</translation>
    </message>
    <message>
        <source>Poll interval not changed: give %1 to %2 ms.</source>
        <translation>Abfrageintervall nicht geändert: Geben Sie %1 bis %2 ms an.</translation>
    </message>
    <message>
        <source>The live views poll every %1 ms.</source>
        <translation>Die Live-Ansichten fragen alle %1 ms ab.</translation>
    </message>
    <message>
        <source>Units not changed: %1 is neither si nor iec.</source>
        <translation>Einheiten nicht geändert: %1 ist weder si noch iec.</translation>
    </message>
    <message>
        <source>Sizes and rates are shown as in %1.</source>
        <translation>Größen und Raten werden wie in %1 angezeigt.</translation>
    </message>
    <message>
        <source>Cannot read the pools: %1</source>
        <translation>Die Pools können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Follows the system (dark at the moment).</source>
        <translation>Folgt dem System (derzeit dunkel).</translation>
    </message>
    <message>
        <source>Follows the system (light at the moment).</source>
        <translation>Folgt dem System (derzeit hell).</translation>
    </message>
    <message>
        <source>What the next data directory holds</source>
        <translation>Was das nächste Datenverzeichnis enthält</translation>
    </message>
    <message>
        <source>The system&apos;s (%1)</source>
        <translation>Die des Systems (%1)</translation>
    </message>
    <message>
        <source>Language of the console</source>
        <translation>Sprache der Konsole</translation>
    </message>
    <message>
        <source>Applies at the next start of the console</source>
        <translation>Gilt ab dem nächsten Start der Konsole</translation>
    </message>
    <message>
        <source>&amp;Language (at the next start):</source>
        <translation>&amp;Sprache (ab dem nächsten Start):</translation>
    </message>
    <message>
        <source>Language not changed: %1 is not one of the console&apos;s languages.</source>
        <translation>Sprache nicht geändert: %1 ist keine Sprache der Konsole.</translation>
    </message>
    <message>
        <source>The console starts in %1 from the next start.</source>
        <translation>Die Konsole startet ab dem nächsten Start in %1.</translation>
    </message>
    <message>
        <source>%1 is the data directory in use.</source>
        <translation>%1 ist das Datenverzeichnis in Benutzung.</translation>
    </message>
    <message>
        <source>%1 holds a Tapeloom catalog: its jobs, media and devices are shown from the next start (restart the console to switch now).</source>
        <translation>%1 enthält einen Tapeloom-Katalog: Seine Aufträge, Bänder und Geräte werden ab dem nächsten Start gezeigt (die Konsole neu starten, um jetzt zu wechseln).</translation>
    </message>
    <message>
        <source>%1 has no catalog: a new, empty data directory is made there at the next start.</source>
        <translation>%1 enthält keinen Katalog: Beim nächsten Start wird dort ein neues, leeres Datenverzeichnis angelegt.</translation>
    </message>
</context>
<context>
    <name>tl::ui::TaskBoard</name>
    <message>
        <source>%1 runs alone; try again when it has ended.</source>
        <translation>%1 läuft allein; versuchen Sie es erneut, wenn es beendet ist.</translation>
    </message>
    <message>
        <source>%1 cannot run while %2 runs; try again when it has ended.</source>
        <translation>%1 kann nicht laufen, solange %2 läuft; versuchen Sie es erneut, wenn es beendet ist.</translation>
    </message>
    <message>
        <source>%1 cannot run while these jobs run: %2; try again when they have ended.</source>
        <translation>%1 kann nicht laufen, solange diese Aufträge laufen: %2; versuchen Sie es erneut, wenn sie beendet sind.</translation>
    </message>
    <message>
        <source>A job</source>
        <translation>Ein Auftrag</translation>
    </message>
    <message>
        <source>Running: %1</source>
        <translation>Läuft: %1</translation>
    </message>
    <message>
        <source>Running: %1 jobs — %2</source>
        <translation>Laufen: %1 Aufträge — %2</translation>
    </message>
</context>
<context>
    <name>tl::ui::TimeSeriesPlot</name>
    <message>
        <source>Last 5 minutes</source>
        <translation>Letzte 5 Minuten</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>Letzte Stunde</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>Letzte 24 Stunden</translation>
    </message>
    <message>
        <source>Time range of the graph</source>
        <translation>Zeitraum des Diagramms</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>Freeze the graph; samples keep being recorded</source>
        <translation>Diagramm einfrieren; Messwerte werden weiter aufgezeichnet</translation>
    </message>
    <message>
        <source>Export PNG…</source>
        <translation>Als PNG exportieren …</translation>
    </message>
    <message>
        <source>Export graph</source>
        <translation>Diagramm exportieren</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <source>Cannot write the graph to %1</source>
        <translation>Das Diagramm kann nicht nach %1 geschrieben werden</translation>
    </message>
    <message>
        <source>time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>peak %1 above the scale</source>
        <translation>Spitze %1 über der Skala</translation>
    </message>
</context>
<context>
    <name>tl::ui::UnitsFormat</name>
    <message>
        <source>%1 MiB/s</source>
        <translation>%1 MiB/s</translation>
    </message>
    <message>
        <source>%1 MB/s</source>
        <translation>%1 MB/s</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>MiB/s</source>
        <translation>MiB/s</translation>
    </message>
    <message>
        <source>MB/s</source>
        <translation>MB/s</translation>
    </message>
</context>
<context>
    <name>tl::ui::VolumeDetails</name>
    <message>
        <source>State history of the volume</source>
        <translation>Zustandsverlauf des Bands</translation>
    </message>
    <message>
        <source>Jobs on the volume</source>
        <translation>Aufträge auf dem Band</translation>
    </message>
    <message>
        <source>Volume fields</source>
        <translation>Angaben zum Band</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>Jobs on it (double-click for the report)</source>
        <translation>Aufträge darauf (Doppelklick für den Bericht)</translation>
    </message>
    <message>
        <source>No volume selected</source>
        <translation>Kein Band ausgewählt</translation>
    </message>
    <message>
        <source>Select a volume to see its history and the jobs on it.</source>
        <translation>Ein Band auswählen, um seinen Verlauf und die Aufträge darauf zu sehen.</translation>
    </message>
    <message>
        <source>Volume %1</source>
        <translation>Band %1</translation>
    </message>
    <message>
        <source>Pool: %1</source>
        <translation>Pool: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>State: %1</source>
        <translation>Zustand: %1</translation>
    </message>
    <message>
        <source>Location: %1</source>
        <translation>Ort: %1</translation>
    </message>
    <message>
        <source>Used: %1 of %2</source>
        <translation>Belegt: %1 von %2</translation>
    </message>
    <message>
        <source>Jobs: %1, tape files: %2</source>
        <translation>Aufträge: %1, Banddateien: %2</translation>
    </message>
    <message>
        <source>Block size: %1</source>
        <translation>Blockgröße: %1</translation>
    </message>
    <message>
        <source>Labeled: %1</source>
        <translation>Beschriftet: %1</translation>
    </message>
    <message>
        <source>First written: %1</source>
        <translation>Zuerst beschrieben: %1</translation>
    </message>
    <message>
        <source>Last written: %1</source>
        <translation>Zuletzt beschrieben: %1</translation>
    </message>
    <message>
        <source>Mounts: %1, errors: %2</source>
        <translation>Mounts: %1, Fehler: %2</translation>
    </message>
    <message>
        <source>Kept data expires: %1</source>
        <translation>Aufbewahrte Daten laufen ab: %1</translation>
    </message>
    <message>
        <source>Not in the catalog: a blank cartridge of the library. Label it into a pool.</source>
        <translation>Nicht im Katalog: eine leere Kassette der Library. Bitte in einen Pool beschriften.</translation>
    </message>
    <message>
        <source>Cannot read the volume&apos;s history: %1</source>
        <translation>Der Verlauf des Bands kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>retire it</source>
        <translation>aussondern</translation>
    </message>
    <message>
        <source>watch it</source>
        <translation>beobachten</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>in Ordnung</translation>
    </message>
    <message>
        <source>Wear: %1 mounts, %2 written, %3 read, %4 of %5 full passes</source>
        <translation>Verschleiß: %1 Ladevorgänge, %2 geschrieben, %3 gelesen, %4 von %5 vollen Durchläufen</translation>
    </message>
    <message>
        <source>Errors: %1 soft, %2 hard; health: %3 (%4)</source>
        <translation>Fehler: %1 behebbar, %2 nicht behebbar; Zustand: %3 (%4)</translation>
    </message>
    <message>
        <source>Forecast: rated passes reached about %1</source>
        <translation>Prognose: Nenn-Durchläufe erreicht etwa am %1</translation>
    </message>
    <message>
        <source>Forecast: no pace yet (a day of use or more needed)</source>
        <translation>Prognose: noch kein Tempo (mindestens ein Tag Nutzung nötig)</translation>
    </message>
</context>
<context>
    <name>tl::ui::VolumeHistoryModel</name>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <source>To</source>
        <translation>Nach</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
</context>
<context>
    <name>tl::ui::VolumeJobsModel</name>
    <message>
        <source>Double-click to open the report of job %1</source>
        <translation>Doppelklick öffnet den Bericht von Auftrag %1</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Auftrag</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
</context>
<context>
    <name>tl::ui::VolumeTableModel</name>
    <message>
        <source>expired</source>
        <translation>abgelaufen</translation>
    </message>
    <message>
        <source>A cartridge of the library the catalog does not know yet</source>
        <translation>Eine Kassette der Library, die der Katalog noch nicht kennt</translation>
    </message>
    <message>
        <source>Home slot %1; the changer has it in %2</source>
        <translation>Heimatfach %1; der Wechsler hat sie in %2</translation>
    </message>
    <message>
        <source>Barcode</source>
        <translation>Barcode</translation>
    </message>
    <message>
        <source>Pool</source>
        <translation>Pool</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Used</source>
        <translation>Belegt</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>Kapazität</translation>
    </message>
    <message>
        <source>Last written</source>
        <translation>Zuletzt beschrieben</translation>
    </message>
    <message>
        <source>Expires</source>
        <translation>Läuft ab</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>Standort</translation>
    </message>
    <message>
        <source>Mounts</source>
        <translation>Einlegevorgänge</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>Aufträge</translation>
    </message>
    <message>
        <source>Holds encrypted save sets: restoring them needs these keys in the key store (tapeloom-cli key import)</source>
        <translation>Enthält verschlüsselte Sicherungssätze: Zum Wiederherstellen müssen diese Schlüssel im Schlüsselspeicher sein (tapeloom-cli key import)</translation>
    </message>
    <message>
        <source>Encrypted with</source>
        <translation>Verschlüsselt mit</translation>
    </message>
</context>
</TS>
