// On-disk room history: the transcripts written by rooms, plus compaction,
// exports and a small offset index.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace chatd {

class HistoryStore {
public:
  explicit HistoryStore(std::string dir);

  std::string pathFor(const std::string &room) const;

  std::vector<std::string> loadTail(const std::string &room,
                                    std::size_t maxLines) const;
  /// Rewrites the room's history without the lines marked deleted.
  bool compact(const std::string &room);
  /// Copies the room's history to dest and syncs it to disk.
  bool exportRoom(const std::string &room, const std::string &dest);
  bool appendIndex(const std::string &room, long offset);
  bool writeSnapshot(const std::string &room,
                     const std::vector<std::string> &lines);

private:
  std::string dir_;
};

} // namespace chatd
