// Market-data feed handler: a FeedConnection to the exchange's TCP gateway is
// closed and reconnected when heartbeats stop or a sequence gap is detected.
// FeedConnection::connect() opens a new TCP connection and returns false when
// the gateway refuses it; subscribe() and send() throw std::runtime_error
// while the connection is closed; close() is idempotent.
#include <arpa/inet.h>
#include <chrono>
#include <cstdint>
#include <iostream>
#include <netinet/in.h>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <utility>
#include <vector>

class FeedConnection {
public:
  FeedConnection(std::string ip, uint16_t port) : ip_(std::move(ip)), port_(port) {}
  ~FeedConnection() { close(); }
  bool connect();
  void subscribe(const std::string &symbol);
  void send(const std::string &msg);
  void close();
  bool isOpen() const { return fd_ >= 0; }

private:
  std::string ip_;
  uint16_t port_;
  int fd_ = -1;
};

bool FeedConnection::connect() {
  close();
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0)
    return false;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port_);
  if (inet_pton(AF_INET, ip_.c_str(), &addr.sin_addr) != 1 ||
      ::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return false;
  }
  fd_ = fd;
  return true;
}

void FeedConnection::send(const std::string &msg) {
  if (fd_ < 0)
    throw std::runtime_error("feed connection to " + ip_ + " is closed");
  ::send(fd_, msg.data(), msg.size(), MSG_NOSIGNAL);
}

void FeedConnection::subscribe(const std::string &symbol) { send("SUB " + symbol + "\n"); }

void FeedConnection::close() {
  if (fd_ < 0)
    return;
  ::close(fd_);
  fd_ = -1;
}

class FeedHandler {
public:
  FeedHandler(const std::string &ip, uint16_t port, std::vector<std::string> symbols)
      : conn_(ip, port), symbols_(std::move(symbols)) {}
  bool start() { return conn_.connect(); }
  void onHeartbeatTimeout();
  void onSequenceGap(uint64_t from, uint64_t to);
  void onSnapshotRecovery();
  void onSessionEnd();

private:
  bool reconnect();
  void resubscribe();
  FeedConnection conn_;
  std::vector<std::string> symbols_;
};

bool FeedHandler::reconnect() {
  conn_.close();
  for (int attempt = 0; attempt < 5; ++attempt) {
    if (conn_.connect())
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100 << attempt));
  }
  return false;
}

void FeedHandler::resubscribe() {
  for (const std::string &sym : symbols_)
    conn_.subscribe(sym); // SAME: resub
}

void FeedHandler::onHeartbeatTimeout() {
  if (reconnect())
    resubscribe(); // OK: only after a successful reconnect
  else
    std::cerr << "feed down, paging on-call\n";
}

void FeedHandler::onSequenceGap(uint64_t from, uint64_t to) {
  reconnect();
  conn_.send("REPLAY " + std::to_string(from) + " " + std::to_string(to) + "\n"); // BUG: use-after-close
}

// Snapshot recovery: a fresh connection is needed for the snapshot channel.
void FeedHandler::onSnapshotRecovery() {
  int tries = 0;
  while (!conn_.connect() && ++tries < 3)
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
  resubscribe(); // BUG: use-after-close #resub
}

void FeedHandler::onSessionEnd() {
  if (conn_.isOpen())
    conn_.send("LOGOUT\n"); // OK: guarded by isOpen()
  conn_.close();
  conn_.close(); // OK: close() is idempotent
}

int main(int argc, char **argv) {
  FeedHandler feed(argc > 1 ? argv[1] : "10.20.0.15", 9100, {"ESM4", "NQM4", "CLN4"});
  if (!feed.start()) {
    std::cerr << "gateway unreachable\n";
    return 1;
  }
  try {
    feed.onHeartbeatTimeout();
    feed.onSequenceGap(1044021, 1044090);
  } catch (const std::exception &e) {
    std::cerr << "feed: " << e.what() << "\n";
  }
  try {
    feed.onSnapshotRecovery();
  } catch (const std::exception &e) {
    std::cerr << "feed: " << e.what() << "\n";
  }
  feed.onSessionEnd();
  return 0;
}
