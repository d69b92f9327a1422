#include "bridge/door_poll.h"

#include "common/log.h"

namespace tl::ui {

DoorPoll::DoorPoll(QObject* context, DoorAddress door, Prepare prepare)
    : context_(context), door_(std::move(door)), prepare_(std::move(prepare)) {}

void DoorPoll::request() {
    if (inFlight_) {
        again_ = true;
        return;
    }
    inFlight_ = true;
    // The continuation runs only while context_ exists, and this object lives as long as it.
    runBackgroundRead(nullptr, context_,
                      [this, door = door_, read = prepare_()]() -> GuiContinuation {
                          GuiContinuation then;
                          try {
                              auto c = openClient(door);
                              client::ServiceApi api(c);
                              then = read(api);
                          } catch (const std::exception& e) {
                              log::get("ui")->error("reading through the service: {}", e.what());
                          }
                          return [this, then = std::move(then)] {
                              if (then) then();
                              ended();
                          };
                      });
}

void DoorPoll::ended() {
    inFlight_ = false;
    if (!again_) return;
    again_ = false;
    request();
}

} // namespace tl::ui
