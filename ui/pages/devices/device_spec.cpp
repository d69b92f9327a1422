#include "pages/devices/device_spec.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QRegularExpression>

namespace tl::ui {

namespace {

// device_registry.cpp's rule: 1-64 characters, no '/' and no white space.
QString nameProblem(const QString& name, const QStringList& taken) {
    if (name.isEmpty()) return QCoreApplication::translate("tl::ui::DeviceSpec", "Give a name.");
    if (name.size() > 64 || name.contains(QRegularExpression(QStringLiteral("[/\\s]"))))
        return QCoreApplication::translate(
            "tl::ui::DeviceSpec", "The name must be 1 to 64 characters without '/' or spaces.");
    if (taken.contains(name))
        return QCoreApplication::translate("tl::ui::DeviceSpec",
                                           "A library or drive named %1 exists already.")
            .arg(name);
    return {};
}

QString nodeProblem(const QString& path) {
    if (path.isEmpty())
        return QCoreApplication::translate("tl::ui::DeviceSpec", "Give the device path.");
    if (!QFileInfo::exists(path))
        return QCoreApplication::translate("tl::ui::DeviceSpec", "%1 does not exist.").arg(path);
    return {};
}
} // namespace

bool isLibrary(DeviceSpec::Kind kind) {
    return kind == DeviceSpec::Kind::VirtualLibrary || kind == DeviceSpec::Kind::MtxLibrary;
}

QString deviceSpecProblem(const DeviceSpec& s, const QStringList& taken) {
    using K = DeviceSpec::Kind;
    if (!(s.kind == K::VirtualLibrary && s.name.isEmpty()))
        if (QString why = nameProblem(s.name, taken); !why.isEmpty()) return why;
    switch (s.kind) {
    case K::StDrive: {
        if (QString why = nodeProblem(s.device); !why.isEmpty()) return why;
        const QString file = QFileInfo(s.device).fileName();
        if (file.startsWith(QLatin1String("st")))
            return QCoreApplication::translate("tl::ui::DeviceSpec",
                                               "%1 rewinds on close; use the /dev/nstN node.")
                .arg(s.device);
        return {};
    }
    case K::MtxLibrary:
        if (QString why = nodeProblem(s.device); !why.isEmpty()) return why;
        if (s.driveDevices.isEmpty())
            return QCoreApplication::translate(
                "tl::ui::DeviceSpec", "Give the drives' /dev/nstN nodes in element order.");
        for (const auto& d : s.driveDevices)
            if (QString why = nodeProblem(d); !why.isEmpty()) return why;
        return {};
    case K::VirtualDrive:
    case K::VirtualLibrary:
        // VirtualLibrarySpec's early-warning zone is 2 MiB; the engine wants twice that.
        if (s.capacity < (4ull << 20))
            return QCoreApplication::translate("tl::ui::DeviceSpec",
                                               "The cartridge capacity must be at least 4 MiB.");
        if (s.kind == K::VirtualLibrary &&
            (s.drives < 1 || s.drives > 64 || s.storageSlots < 1 || s.storageSlots > 10000 ||
             s.mailSlots < 0 || s.mailSlots > 64))
            return QCoreApplication::translate(
                "tl::ui::DeviceSpec",
                "A library needs 1-64 drives, 1-10000 slots and 0-64 mail slots.");
        return {};
    case K::NullDrive:
        return {};
    }
    return {};
}

} // namespace tl::ui
