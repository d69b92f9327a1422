// The file that carries the tests' precompiled header (tests/CMakeLists.txt, tltest_pch_host):
// it has no code of its own.
