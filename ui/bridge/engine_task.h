#pragma once
// Runs one piece of engine work (label, move a cartridge, inventory, save a definition…) on a
// worker thread under the EngineGate, so the window never waits for a robot or the catalog,
// and hands its outcome back on the GUI thread. The work returns an empty string on success
// or the error text to show; exceptions are caught and reported as errors. If `context` is
// destroyed first, `done` is not called (the work still finishes and the gate is released).
// `cancel`, when given, is how the gate stops the work early (EngineGate::cancelHolder()).
#include <QObject>
#include <QString>
#include <functional>

namespace tl::ui {

class EngineGate;

// False (with `whyNot`) when the gate is held; otherwise the work has started.
bool runEngineTask(EngineGate& gate, QObject* context, const QString& what,
                   std::function<QString()> work, std::function<void(const QString& error)> done,
                   QString* whyNot = nullptr, std::function<void()> cancel = {});

// Runs a read (a page's snapshot from its own catalog connection) on a detached worker thread
// counted by the gate, so the window waits for it before the pages and the Engine go away.
// `work` hands its result back itself (QMetaObject::invokeMethod on a QPointer-guarded page).
void runBackgroundRead(EngineGate& gate, std::function<void()> work);

} // namespace tl::ui
