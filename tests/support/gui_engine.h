#pragma once
// The engine a console page is shown on in the GUI tests: opened read-write on `home`, nullptr
// (with the reason in the test log) when it cannot be.
#include <QtGlobal>

#include <memory>

#include "context/engine.h"

namespace tltest {

inline std::unique_ptr<tl::Engine> open_engine(const QString& home) {
    auto engine = tl::Engine::open({home.toStdString(), nullptr, false});
    if (!engine) qWarning("engine: %s", engine.error().message.c_str());
    return engine ? std::move(engine.value()) : nullptr;
}

} // namespace tltest
