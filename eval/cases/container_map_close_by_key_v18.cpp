// Chat room server core. Rooms live in an unordered_map from room name to
// RoomChannel. archiveRoom() closes the channel found by name but leaves the
// entry in the map, so a later post() to the same name finds the closed
// channel and broadcasts on it. deleteRoom() closes and erases, and
// reopenRoom() replaces the entry with a fresh channel. At shutdown the
// maintenance notice is announced after closeAll() closed every room.
#include <iostream>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

// The fan-out channel of one room. broadcast() throws std::runtime_error once
// closed; close() is idempotent.
class RoomChannel {
public:
  explicit RoomChannel(std::string room) : room_(std::move(room)) {}
  void broadcast(const std::string &from, const std::string &text) {
    if (closed_)
      throw std::runtime_error("room closed: " + room_);
    history_.push_back(from + ": " + text);
  }
  void close() { closed_ = true; }
  bool isClosed() const { return closed_; }
  size_t messages() const { return history_.size(); }

private:
  std::string room_;
  std::vector<std::string> history_;
  bool closed_ = false;
};

class ChatServer {
public:
  void openRoom(const std::string &name) { rooms_.emplace(name, RoomChannel(name)); }

  // Returns false when there is no such room.
  bool post(const std::string &room, const std::string &from, const std::string &text) {
    auto it = rooms_.find(room);
    if (it == rooms_.end())
      return false;
    it->second.broadcast(from, text); // SAME: post_archived
    return true;
  }

  // Stops the conversation; the room's history is kept for export.
  void archiveRoom(const std::string &room) {
    auto it = rooms_.find(room);
    if (it != rooms_.end())
      it->second.close();
  }

  void deleteRoom(const std::string &room) {
    auto it = rooms_.find(room);
    if (it == rooms_.end())
      return;
    it->second.close();
    rooms_.erase(it);
  }

  void reopenRoom(const std::string &room) {
    rooms_.erase(room);
    rooms_.emplace(room, RoomChannel(room));
  }

  // Sends a system notice to every room.
  void announce(const std::string &text) {
    for (auto &entry : rooms_)
      entry.second.broadcast("system", text); // SAME: announce_after_close
  }

  void closeAll() {
    for (auto &entry : rooms_)
      entry.second.close();
  }

private:
  std::unordered_map<std::string, RoomChannel> rooms_;
};

int main() {
  ChatServer server;
  server.openRoom("general");
  server.openRoom("random");
  server.openRoom("ops");

  try {
    server.post("general", "dana", "morning all");
    server.archiveRoom("random");
    server.post("general", "eli", "random is archived now"); // OK: a different room was closed
    server.deleteRoom("ops");
    if (!server.post("ops", "ci", "deploy finished")) // OK: ops was erased after close, post() returns false
      std::cerr << "no such room: ops\n";
    server.archiveRoom("random"); // OK: close() is idempotent
    server.post("random", "fay", "is anyone here?"); // BUG: use-after-close #post_archived
  } catch (const std::exception &e) {
    std::cerr << "post failed: " << e.what() << "\n";
  }

  server.reopenRoom("random");
  server.post("random", "fay", "back again"); // OK: reopenRoom() put a fresh channel under the key
  try {
    server.closeAll();
    server.announce("server stopped for maintenance"); // BUG: use-after-close #announce_after_close
  } catch (const std::exception &e) {
    std::cerr << "announce failed: " << e.what() << "\n";
  }
  return 0;
}
