// A chat room keeps its members' sessions in a std::map keyed by user id;
// every session in the map is open when these functions are called. kick()
// closes the kicked user's session by id and then announces the kick with a
// loop over the whole map, the closed session included (bug).
// kickAndErase() erases the entry before the loop, kickSkipClosed() skips
// closed sessions in the loop, kickOthers() skips the kicked id (quiet lines).
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

class ChatSession {
public:
  explicit ChatSession(std::string user) : user_(std::move(user)) {}
  void send(const std::string &text) {
    if (closed_)
      throw std::runtime_error("session of " + user_ + " is closed");
    outbox_.push_back(text);
  }
  void close() { closed_ = true; }
  bool isClosed() const { return closed_; }

private:
  std::string user_;
  std::vector<std::string> outbox_;
  bool closed_ = false;
};

using Members = std::map<std::string, std::unique_ptr<ChatSession>>;

void kick(Members &members, const std::string &id) {
  auto it = members.find(id);
  if (it == members.end())
    return;
  it->second->close();
  for (auto &member : members)
    member.second->send(id + " was kicked"); // BUG: use-after-close
}

void kickAndErase(Members &members, const std::string &id) {
  auto it = members.find(id);
  if (it == members.end())
    return;
  it->second->close();
  members.erase(it);
  for (auto &member : members)
    member.second->send(id + " was kicked"); // OK: the closed session was erased
}

void kickSkipClosed(Members &members, const std::string &id) {
  auto it = members.find(id);
  if (it == members.end())
    return;
  it->second->close();
  for (auto &member : members) {
    if (member.second->isClosed())
      continue;
    member.second->send(id + " was kicked"); // OK: closed sessions are skipped
  }
}

void kickOthers(Members &members, const std::string &id) {
  auto it = members.find(id);
  if (it == members.end())
    return;
  it->second->close();
  for (auto &member : members) {
    if (member.first == id)
      continue;
    member.second->send(id + " was kicked"); // OK: only the kicked id was closed
  }
}
