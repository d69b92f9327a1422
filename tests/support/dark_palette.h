#pragma once
// The dark palette the GUI tests switch to when TAPELOOM_SHOT_DARK=1, so a page's screenshot
// can be checked for legibility in dark as well as light. One definition for every GUI test.
#include <QApplication>
#include <QPalette>
#include <QStyleFactory>

namespace tltest {

// Fusion with a dark palette, for the whole application.
inline void use_dark_palette() {
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
    p.setColor(QPalette::WindowText, QColor(0xe0, 0xe0, 0xe0));
    p.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    p.setColor(QPalette::AlternateBase, QColor(0x33, 0x33, 0x33));
    p.setColor(QPalette::Text, QColor(0xe0, 0xe0, 0xe0));
    p.setColor(QPalette::PlaceholderText, QColor(0x9e, 0x9e, 0x9e));
    p.setColor(QPalette::Button, QColor(0x3a, 0x3a, 0x3a));
    p.setColor(QPalette::ButtonText, QColor(0xe0, 0xe0, 0xe0));
    p.setColor(QPalette::Mid, QColor(0x70, 0x70, 0x70));
    p.setColor(QPalette::Highlight, QColor(0x42, 0x8b, 0xd8));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::ToolTipBase, QColor(0x3a, 0x3a, 0x3a));
    p.setColor(QPalette::ToolTipText, QColor(0xe0, 0xe0, 0xe0));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(0x80, 0x80, 0x80));
    QApplication::setPalette(p);
}

} // namespace tltest
