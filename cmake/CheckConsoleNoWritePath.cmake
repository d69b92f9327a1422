# Fails when the console (ui/, app/gui/) has a write path of its own (issue 38): every read and
# change goes through the service's typed door (ui/bridge/typed_door.h, client::Api), so no
# console file may open an Engine or the catalog (context/, api/, catalog/ headers), include a
# header that runs jobs or hosts the scheduler, nor call one of the engine's jobs or catalog
# changes. A typed door call (`api.add_pool(...)`) is not an engine call
# (`api::add_pool(...)`) and passes.
include(${CMAKE_CURRENT_LIST_DIR}/ClientSources.cmake)

# Headers whose only use is to run jobs or the scheduler, or to change volumes in-process.
set(TAPELOOM_CONSOLE_WRITER_HEADERS
  "agent/client_backup[.]h"
  "agent/client_restore[.]h"
  "agent/client_verify[.]h"
  "api/[a-z_]+[.]h"
  "catalog/[a-z_]+[.]h"
  "context/[a-z_]+[.]h"
  "bridge/console_scheduler[.]h"
  "bridge/gated_job_runner[.]h"
  "job/catalog_backup[.]h"
  "job/clone_job[.]h"
  "job/drive_worker[.]h"
  "job/label_job[.]h"
  "job/scan_job[.]h"
  "job/verify_job[.]h"
  "media/labeler[.]h"
  "media/volume_actions[.]h"
  "schedule/backup_runner[.]h"
  "schedule/job_runner[.]h"
  "schedule/service[.]h"
)
string(REPLACE ";" "|" _tl_writer_headers "${TAPELOOM_CONSOLE_WRITER_HEADERS}")
set(TAPELOOM_CONSOLE_WRITER_INCLUDE
  "^[ \t]*#[ \t]*include[ \t]*[<\"](${_tl_writer_headers})[>\"]")
# Engine functions that run a job or change the catalog, a volume or a device, called by their
# engine namespace.
set(TAPELOOM_CONSOLE_WRITER_CALL
  "(job|agent|schedule|media|api|device|catalog)::(run_[a-z_]+|record_[a-z_]+|add_[a-z_]+|remove_[a-z_]+|edit_[a-z_]+|set_[a-z_]+|mark_[a-z_]+|label_[a-z_]+|define_job|move_volume|recycle_volume|prune|return_drive_to_service)[ \t]*[(]")

function(tapeloom_check_console_no_write_path)
  tapeloom_client_sources(_files ${ARGN})
  set(_bad "")
  foreach(_f IN LISTS _files)
    tapeloom_line_hits(_bad "${_f}" "${_f}" "${TAPELOOM_CONSOLE_WRITER_INCLUDE}"
                       "${TAPELOOM_CONSOLE_WRITER_CALL}")
  endforeach()
  if(_bad)
    string(REPLACE ";" "\n  " _msg "${_bad}")
    message(FATAL_ERROR "the console changes nothing in its own process: send the change "
                        "through the service's typed door (ui/bridge/typed_door.h, client::Api; "
                        "docs/console.md \"Beside the service\"):\n  ${_msg}")
  endif()
endfunction()

# Script mode: cmake "-DCONSOLE_DIRS=ui;app/gui" -P CheckConsoleNoWritePath.cmake (the ctest
# check).
if(CMAKE_SCRIPT_MODE_FILE AND CONSOLE_DIRS)
  tapeloom_check_console_no_write_path(${CONSOLE_DIRS})
  message(STATUS "${CONSOLE_DIRS}: no write path of the console's own")
endif()
