// Carries out desk commands on the go line's thread: "stack" verbs go to the
// cue stack player, anything else to the callboard component of that name.
// Offsets are committed in batches through the desk consumer, which the
// bridge closes when it is destroyed.
#include "deskbridge.h"
#include "promptbook.h"

#include <stdexcept>

namespace cued {

DeskBridge::DeskBridge(RdKafka::KafkaConsumer *consumer, Callboard &board,
                       StackPlayer &player)
    : consumer_(consumer), board_(board), player_(player) {}

DeskBridge::~DeskBridge() {
  if (consumer_ != nullptr)
    consumer_->close(); // SAME: deskclose
}

bool DeskBridge::route(const DeskCommand &cmd) {
  if (cmd.target == "stack") {
    if (player_.state() == StackPlayer::State::Stopped)
      return false;
    if (cmd.verb == "go")
      player_.go(); // OK: a stopped player was refused above, and only this thread fires GOs
    else if (cmd.verb == "abort")
      player_.abort(cmd.arg);
    else if (cmd.verb == "standby" || cmd.verb == "preset")
      promptBook().record("desk", "standby " + player_.nextCue() + " " + cmd.arg);
    else
      return false;
  } else {
    auto part = board_.find(cmd.target);
    if (!part)
      return false;
    if (cmd.verb == "release") {
      board_.stopOne(cmd.target);
      promptBook().record("desk", "released " + cmd.target);
    }
    part->command(cmd.verb, cmd.value); // BUG: use-after-close
  }
  std::lock_guard<std::mutex> lk(mu_);
  ++uncommitted_;
  return true;
}

void DeskBridge::commitProcessed() {
  std::lock_guard<std::mutex> lk(mu_);
  if (uncommitted_ == 0)
    return;
  if (consumer_->commitSync() == 0) // SAME: deskcommit
    uncommitted_ = 0;
}

} // namespace cued
