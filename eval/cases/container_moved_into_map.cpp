// A connection table owns its peers through
// std::map<int, std::unique_ptr<PeerConn>>; callers keep the raw pointer they
// took before moving the unique_ptr in. handOff() closes peer 7 through the
// table and then sends through the raw pointer it kept: the same object
// (bug). handOffOther() closes peer 8 and sends through the pointer to peer 9
// (quiet line). handOffReplaced() closes peer 10, puts a fresh connection at
// the same key and sends through the table (quiet line).
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

class PeerConn {
public:
  explicit PeerConn(std::string addr) : addr_(std::move(addr)) {}
  void send(const std::string &frame) {
    if (!open_)
      throw std::logic_error("send on closed peer " + addr_);
    bytes_ += frame.size();
  }
  void close() { open_ = false; }
  bool is_open() const { return open_; }

private:
  std::string addr_;
  std::size_t bytes_ = 0;
  bool open_ = true;
};

using PeerTable = std::map<int, std::unique_ptr<PeerConn>>;

void handOff(PeerTable &table) {
  auto fresh = std::make_unique<PeerConn>("10.0.0.7:9000");
  PeerConn *peer = fresh.get();
  table[7] = std::move(fresh);
  table.at(7)->close();
  peer->send("GOODBYE"); // BUG: use-after-close
}

void handOffOther(PeerTable &table) {
  auto first = std::make_unique<PeerConn>("10.0.0.8:9000");
  auto second = std::make_unique<PeerConn>("10.0.0.9:9000");
  PeerConn *secondPeer = second.get();
  table[8] = std::move(first);
  table[9] = std::move(second);
  table.at(8)->close();
  secondPeer->send("HELLO"); // OK: peer 8 was closed, this is peer 9
}

void handOffReplaced(PeerTable &table) {
  table[10] = std::make_unique<PeerConn>("10.0.0.10:9000");
  table.at(10)->close();
  table[10] = std::make_unique<PeerConn>("10.0.0.11:9000");
  table.at(10)->send("HELLO"); // OK: a fresh connection at the same key
}
