#pragma once
// Saves what a user would see when TAPELOOM_SHOT_DIR is set (docs and review), else nothing.
#include <QCoreApplication>
#include <QDir>
#include <QPixmap>
#include <QString>
#include <QWidget>

namespace tltest {

inline bool shot(QWidget* w, const QString& name) {
    const QString dir = qEnvironmentVariable("TAPELOOM_SHOT_DIR");
    if (dir.isEmpty()) return true;
    QDir().mkpath(dir);
    QCoreApplication::processEvents(); // pending layouts
    return w->grab().save(dir + "/" + name + ".png");
}

} // namespace tltest
