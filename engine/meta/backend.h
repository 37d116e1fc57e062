// engine/meta/backend.h — the meta backend's start-up (engine/backends.cpp calls it).
#pragma once

namespace tsh::meta {
void start();
}  // namespace tsh::meta
