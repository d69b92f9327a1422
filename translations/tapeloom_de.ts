<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
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
</context>
<context>
    <name>tl::ui::CpuPlot</name>
    <message>
        <source>CPU utilization (%)</source>
        <translation>CPU-Auslastung (%)</translation>
    </message>
    <message>
        <source>time (s)</source>
        <translation>Zeit (s)</translation>
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
        <source>CPU utilization per CPU (last 5 minutes)</source>
        <translation>CPU-Auslastung je CPU (letzte 5 Minuten)</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Engine</translation>
    </message>
    <message>
        <source>Data directory:</source>
        <translation>Datenverzeichnis:</translation>
    </message>
    <message>
        <source>Engine CPU:</source>
        <translation>CPU der Engine:</translation>
    </message>
    <message>
        <source>Engine memory:</source>
        <translation>Speicher der Engine:</translation>
    </message>
    <message>
        <source>measuring…</source>
        <translation>wird gemessen …</translation>
    </message>
    <message>
        <source>%1 % of one core</source>
        <translation>%1 % eines Kerns</translation>
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
</context>
</TS>
