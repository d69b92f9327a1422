#pragma once
namespace tl {
// The engine version, from CMake's project(VERSION).
const char* engine_version();
} // namespace tl
