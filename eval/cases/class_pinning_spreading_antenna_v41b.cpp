// Specimen digitisation bench. Each spreading board has a camera whose frames
// are replicated to the collection server through SpreadingBoardUplink, a
// pimpl class whose Impl owns a repl::ReplicationChannel; detach() has the Impl
// flush and close the channel when a board is swapped out. Boards live in a
// process-wide PinningBoardRegistry reached through pinning_registry(), guarded
// by its mutex.
// Mistake: digitise_specimen() swaps the board out after the dorsal frames and
// then uploads the antenna close-up through a second registry lookup, which
// finds the same, detached uplink.
#include "replication.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

class SpreadingBoardUplink {
public:
  explicit SpreadingBoardUplink(const std::string &peer);
  ~SpreadingBoardUplink();
  void push(const std::string &frame);
  void detach();
  bool attached() const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

struct SpreadingBoardUplink::Impl {
  repl::ReplicationChannel chan;
  bool detached = false;
  explicit Impl(const std::string &peer) : chan(peer) {}
  void shut() {
    chan.flush();
    chan.close();
  }
};

SpreadingBoardUplink::SpreadingBoardUplink(const std::string &peer) : impl_(std::make_unique<Impl>(peer)) {}

SpreadingBoardUplink::~SpreadingBoardUplink() {
  if (impl_ && !impl_->detached)
    impl_->shut(); // OK: detach() marks the impl, so the channel is closed once
}

void SpreadingBoardUplink::push(const std::string &frame) { impl_->chan.send(frame); } // SAME: antenna

void SpreadingBoardUplink::detach() {
  if (impl_->detached)
    return;
  impl_->shut();
  impl_->detached = true;
}

bool SpreadingBoardUplink::attached() const { return !impl_->detached; }

struct PinningBoardRegistry {
  std::mutex mutex;
  std::map<int, std::unique_ptr<SpreadingBoardUplink>> boards;
  std::string peer = "collections-db:7420";
};

PinningBoardRegistry &pinning_registry() {
  static PinningBoardRegistry registry;
  return registry;
}

void swap_board(int board) {
  std::scoped_lock lock(pinning_registry().mutex);
  auto it = pinning_registry().boards.find(board);
  if (it != pinning_registry().boards.end())
    it->second->detach(); // OK: detach() returns early if already detached
}

void upload_frame(int board, const std::string &frame) {
  std::scoped_lock lock(pinning_registry().mutex);
  auto it = pinning_registry().boards.find(board);
  if (it != pinning_registry().boards.end() && it->second->attached())
    it->second->push(frame); // OK: guarded by attached()
}

void remount_board(int board) {
  std::scoped_lock lock(pinning_registry().mutex);
  auto &slot = pinning_registry().boards[board];
  if (slot && slot->attached())
    return;
  slot = std::make_unique<SpreadingBoardUplink>(pinning_registry().peer);
  slot->push("board-remounted"); // OK: a fresh uplink replaced the detached one
}

void digitise_specimen(int board, const std::vector<std::string> &dorsal_frames, const std::string &antenna) {
  for (const std::string &f : dorsal_frames)
    upload_frame(board, f);
  swap_board(board); // the ventral side goes on another board
  std::scoped_lock lock(pinning_registry().mutex);
  SpreadingBoardUplink &uplink = *pinning_registry().boards.at(board);
  uplink.push(antenna); // BUG: use-after-close #antenna
}

void digitise_both_sides(int board, const std::vector<std::string> &frames) {
  for (const std::string &f : frames)
    upload_frame(board, f);
  swap_board(board);
  remount_board(board);
  upload_frame(board, "ventral-start"); // OK: remount_board() replaced the uplink
}
