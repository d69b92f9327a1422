#pragma once
// A read the console repeats on a timer through the typed door (the Dashboard's live jobs and
// machine, the Log page's service lines): one read at a time, on a worker thread, its result
// handed back on the GUI thread. A request while a read is in flight is not dropped: one more
// read follows right after it, so a request made after a change is answered by a read that
// began after it. GUI thread only; the read itself touches only what it captured.
#include <QObject>
#include <functional>

#include "bridge/engine_task.h"
#include "bridge/typed_door.h"

namespace tl::ui {

class DoorPoll {
public:
    // Runs on the worker thread with a client of the door; what it returns runs on the GUI
    // thread while `context` exists.
    using Read = std::function<GuiContinuation(client::Api&)>;
    // Made on the GUI thread as each read starts: the read, with the values it needs captured
    // (a cursor from the read before).
    using Prepare = std::function<Read()>;

    DoorPoll(QObject* context, DoorAddress door, Prepare prepare);
    // Starts a read, or asks for one more after the read in flight.
    void request();
    bool inFlight() const { return inFlight_; }
    const DoorAddress& door() const { return door_; }

private:
    void ended();
    QObject* context_;
    DoorAddress door_;
    Prepare prepare_;
    bool inFlight_ = false;
    bool again_ = false;
};

} // namespace tl::ui
