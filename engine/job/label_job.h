#pragma once
// Labeling and adopting a cartridge as work of an engine that may run other jobs at once
// (docs/reservations.md): the cartridge and one drive are reserved first — the drive holding
// the cartridge when it is in one, else any free drive — waiting while another job holds them;
// then media/volume_actions.h does the work on that drive and unloads it again.
// Thread-safety: call from the thread that does the work (it uses that thread's catalog
// connection); `lib` belongs to the caller.
#include <atomic>
#include <string>

#include "context/engine.h"
#include "device/library.h"
#include "media/volume_actions.h"

namespace tl::media {

Result<LabelResult> label_reserved(Engine& engine, device::Library& lib, const LabelPlan& plan,
                                   Refusal* why = nullptr, std::atomic<bool>* cancel = nullptr);

Result<LabelResult> adopt_reserved(Engine& engine, device::Library& lib,
                                   const std::string& barcode);

// label_all_blank() where each cartridge is labeled as label_reserved() does: it and a drive
// reserved first, the drive unloaded again after.
Result<BlankLabelReport> label_all_blank_reserved(Engine& engine, device::Library& lib,
                                                  BlankLabelOptions options);

} // namespace tl::media
