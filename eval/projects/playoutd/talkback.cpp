// TalkbackSession: the talkback recording of an outside broadcast, shared by
// its sites. restart() replaces the current take with a new file. Correct as
// written: the new take is created (and checked) before it is written to.
#include "talkback.h"

#include <utility>

TalkbackSession::TalkbackSession(std::string directory)
    : directory_(std::move(directory)) {
  restart();
}

void TalkbackSession::join(const std::string &site) {
  sites_.insert(site);
  if (take_)
    take_->writeMarker("join " + site);
}

bool TalkbackSession::leave(const std::string &site) {
  sites_.erase(site);
  if (take_)
    take_->writeMarker("leave " + site);
  return sites_.empty();
}

bool TalkbackSession::restart() {
  take_.reset();
  take_ = std::make_unique<TalkbackRecorder>(
      directory_ + "/talkback-" + std::to_string(++takeNo_) + ".raw");
  if (!take_->ok()) {
    take_.reset();
    return false;
  }
  take_->writeMarker("take " + std::to_string(takeNo_)); // OK: the take was just replaced
  return true;
}
