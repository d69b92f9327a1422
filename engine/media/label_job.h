#pragma once
// Labeling and adopting a cartridge as work of an engine that may run other jobs at once
// (docs/reservations.md): the cartridge and one drive are reserved first — the drive holding
// the cartridge when it is in one, else any free drive — waiting while another job holds them;
// then media/volume_actions.h does the work on that drive and unloads it again.
// Thread-safety: call from the thread that does the work (it uses that thread's catalog
// connection); `lib` belongs to the caller.
#include <atomic>
#include <string>

#include "api/engine.h"
#include "device/library.h"
#include "media/volume_actions.h"

namespace tl::media {

Result<LabelResult> label_reserved(Engine& engine, device::Library& lib, const LabelPlan& plan,
                                   Refusal* why = nullptr, std::atomic<bool>* cancel = nullptr);

Result<LabelResult> adopt_reserved(Engine& engine, device::Library& lib,
                                   const std::string& barcode);

} // namespace tl::media
