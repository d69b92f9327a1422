<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>QObject</name>
    <message>
        <source>%1 MB/s</source>
        <translation>%1 MB/s</translation>
    </message>
    <message>
        <source>time since the job started (s)</source>
        <translation>Zeit seit Auftragsbeginn (s)</translation>
    </message>
    <message>
        <source>Throughput (MB/s)</source>
        <translation>Durchsatz (MB/s)</translation>
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
</context>
<context>
    <name>main</name>
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
</context>
<context>
    <name>tl::ui::BackupRunner</name>
    <message>
        <source>A backup is already running; wait for it or cancel it.</source>
        <translation>Eine Sicherung läuft bereits; warten Sie auf sie oder brechen Sie sie ab.</translation>
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
        <source>Data directory:</source>
        <translation>Datenverzeichnis:</translation>
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
        <source>Throughput (MB/s)</source>
        <translation>Durchsatz (MB/s)</translation>
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
        <source>Console CPU and memory:</source>
        <translation>CPU und Speicher der Konsole:</translation>
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
        <source>%1 MB/s</source>
        <translation>%1 MB/s</translation>
    </message>
    <message>
        <source>not modelled</source>
        <translation>nicht modelliert</translation>
    </message>
</context>
<context>
    <name>tl::ui::JobHistoryModel</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 MB/s</source>
        <translation>%1 MB/s</translation>
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
        <source>Job %1 is not in the catalog</source>
        <translation>Auftrag %1 ist nicht im Katalog</translation>
    </message>
    <message>
        <source>No report stored for this job.</source>
        <translation>Für diesen Auftrag ist kein Bericht gespeichert.</translation>
    </message>
    <message>
        <source>Job %1</source>
        <translation>Auftrag %1</translation>
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
        <source>MB/s</source>
        <translation>MB/s</translation>
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
        <source>Series of job %1 written to %2</source>
        <translation>Messreihen von Auftrag %1 nach %2 geschrieben</translation>
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
        <source>Engine %1 ready</source>
        <translation>Engine %1 bereit</translation>
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
        <source>&lt;h3&gt;Tapeloom %1&lt;/h3&gt;&lt;p&gt;A backup console for tape libraries: multiplexed backup of many disk sources, a catalog of every file, restores in a few clicks.&lt;/p&gt;&lt;p&gt;Data directory: %2&lt;/p&gt;&lt;p&gt;Built with Qt %3.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Tapeloom %1&lt;/h3&gt;&lt;p&gt;Eine Sicherungskonsole für Bandbibliotheken: gemultiplexte Sicherung vieler Plattenquellen, ein Katalog jeder Datei, Wiederherstellung mit wenigen Klicks.&lt;/p&gt;&lt;p&gt;Datenverzeichnis: %2&lt;/p&gt;&lt;p&gt;Erstellt mit Qt %3.&lt;/p&gt;</translation>
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
        <source>A restore is running; start the backup when it has ended.</source>
        <translation>Eine Wiederherstellung läuft; starten Sie die Sicherung, wenn sie beendet ist.</translation>
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
        <source>A backup is running; start the restore when it has ended.</source>
        <translation>Eine Sicherung läuft; starten Sie die Wiederherstellung, wenn sie beendet ist.</translation>
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
        <source>%1 of %2 written</source>
        <translation>%1 von %2 geschrieben</translation>
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
        <source>Insert these volumes into the library, then start again: %1</source>
        <translation>Legen Sie diese Bänder in die Bibliothek ein und starten Sie erneut: %1</translation>
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
</context>
<context>
    <name>tl::ui::RestoreTargetPanel</name>
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
    <name>tl::ui::SessionTableModel</name>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>%1 MB/s</source>
        <translation>%1 MB/s</translation>
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
        <source>time (s)</source>
        <translation>Zeit (s)</translation>
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
</context>
</TS>
