#pragma once
// Names the calling thread as `top -H`, `ps -L`, perf and gdb show it ("tl-drive",
// "tl-catalog", ...): a job's threads told apart while it runs. Linux keeps 15 bytes of it;
// longer names are cut. Failure changes nothing and is not reported (the name is only a label).
namespace tl {

void name_this_thread(const char* name);

} // namespace tl
