// Sterility-swab collector for an orchid propagation lab. ATP luminometers in
// the flasking room connect over TCP and upload one swab record per line
// ("<hood> <RLU>"). The accept loop answers ACK/NAK and closes each client
// descriptor; readers that announce themselves with "HELLO <hood>" are kept
// open so a recall (contaminated agar lot) can be pushed to them, and a
// "DUMP" upload of a reader's stored history is ingested on its own thread.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>
#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <utility>

namespace sterility {

static bool send_reply(int fd, const char *text) {
  std::size_t len = std::strlen(text);
  return ::send(fd, text, len, MSG_NOSIGNAL) == static_cast<ssize_t>(len); // SAME: nak
}

class SwabCollector {
public:
  explicit SwabCollector(int listen_fd) : listen_fd_(listen_fd) {}
  ~SwabCollector() {
    for (auto &entry : readers_)
      ::close(entry.second);
    if (listen_fd_ >= 0)
      ::close(std::exchange(listen_fd_, -1));
  }
  SwabCollector(const SwabCollector &) = delete;
  SwabCollector &operator=(const SwabCollector &) = delete;

  void serve(int max_clients) {
    for (int n = 0; n < max_clients; ++n) {
      int client = ::accept(listen_fd_, nullptr, nullptr);
      if (client < 0) {
        if (errno == EINTR)
          continue;
        break;
      }
      char buf[128] = {};
      ssize_t got = ::recv(client, buf, sizeof buf - 1, 0);
      if (got <= 0) {
        ::close(client);
        continue;
      }
      char hood[32] = {};
      unsigned rlu = 0;
      if (std::sscanf(buf, "HELLO %31s", hood) == 1) {
        auto [it, fresh] = readers_.try_emplace(hood, client);
        if (!fresh) {
          ::close(it->second); // previous connection of the same hood
          it->second = client;
        }
        send_reply(client, "ACK\n"); // OK: registered, stays open
        continue;
      }
      if (std::strncmp(buf, "DUMP", 4) == 0) {
        std::thread(&SwabCollector::ingest_dump, this, client).detach();
        continue;
      }
      if (std::sscanf(buf, "%31s %u", hood, &rlu) != 2) {
        ::close(client);
        send_reply(client, "NAK\n"); // BUG: use-after-close #nak
        continue;
      }
      record(hood, rlu);
      send_reply(client, rlu > kRluLimit ? "FAIL\n" : "ACK\n"); // OK
      ::close(client); // OK: the dump and error paths continued above
    }
  }

  // Readers that cannot take the recall are dropped from the table.
  void push_recall(const std::string &agar_lot) {
    std::string msg = "RECALL " + agar_lot + "\n";
    for (auto it = readers_.begin(); it != readers_.end();) {
      if (::send(it->second, msg.data(), msg.size(), MSG_NOSIGNAL) < 0) {
        ::close(it->second);
        it = readers_.erase(it);
      } else {
        ++it;
      }
    }
  }

private:
  // A luminometer's stored history (one record per line) on its own thread.
  void ingest_dump(int client) {
    char buf[512];
    ssize_t n = 0;
    while ((n = ::recv(client, buf, sizeof buf - 1, 0)) > 0) {
      buf[n] = '\0';
      char hood[32] = {};
      unsigned rlu = 0;
      if (std::sscanf(buf, "%31s %u", hood, &rlu) != 2) {
        send_reply(client, "NAK\n");
        ::close(client);
        break;
      }
      record(hood, rlu);
    }
    ::close(client); // BUG: double-close
  }

  void record(const char *hood, unsigned rlu) {
    std::lock_guard<std::mutex> lock(log_mu_);
    std::fprintf(stdout, "hood=%s rlu=%u\n", hood, rlu);
  }

  static constexpr unsigned kRluLimit = 150;
  int listen_fd_;
  std::map<std::string, int> readers_;
  std::mutex log_mu_;
};

void nightly(SwabCollector &collector, const std::string &lot) {
  collector.serve(64);
  collector.push_recall(lot);
}

} // namespace sterility
