#pragma once
// A device to add from the Devices page, as `tapeloom-cli drive add` / `library add` take it,
// and the checks the page makes before asking the engine (so a mistake is named inline while
// typing, and nothing is added): the engine's name rule, a name not taken, device nodes that
// exist (st: the non-rewinding /dev/nstN), sizes within the engine's limits.
#include <QString>
#include <QStringList>
#include <QtGlobal>

namespace tl::ui {

struct DeviceSpec {
    enum class Kind { VirtualDrive, StDrive, NullDrive, VirtualLibrary, MtxLibrary };
    Kind kind = Kind::VirtualDrive;
    QString name;                  // "" only for a virtual library (the engine picks vlibN)
    QString device;                // st: /dev/nstN; mtx: the changer /dev/sgN
    QStringList driveDevices;      // mtx: /dev/nstN of each drive, in element order
    quint64 capacity = 4ull << 30; // virtual drive / library cartridges
    int drives = 4, storageSlots = 24, mailSlots = 2; // virtual library
};

bool isLibrary(DeviceSpec::Kind kind);

// What is wrong with `spec` ("" when it can be added). `taken`: names of the configured
// libraries and drives.
QString deviceSpecProblem(const DeviceSpec& spec, const QStringList& taken);

} // namespace tl::ui
