#include "chatd/admin.h"
#include "chatd/history.h"
#include "chatd/scope_exit.h"
#include "chatd/session.h"
#include "chatd/session_registry.h"
#include "chatd/util.h"
#include "chatd/worker_pool.h"
#include "messaging.h"

#include <cstdio>
#include <memory>
#include <sstream>
#include <utility>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace chatd {

AdminConsole::AdminConsole(SessionRegistry &sessions, WorkerPool &pool,
                           HistoryStore &history, std::string metricsBrokers)
    : sessions_(sessions), pool_(pool), history_(history),
      metricsBrokers_(std::move(metricsBrokers)) {}

AdminConsole::~AdminConsole() { closeListener(); }

bool AdminConsole::listen(std::uint16_t port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0)
    return false;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = htons(port);
  if (::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0 ||
      ::listen(fd, 4) != 0) {
    closeQuietly(fd);
    return false;
  }
  adminFd_ = fd;
  closed_ = false;
  return true;
}

void AdminConsole::closeListener() {
  if (closed_)
    return;
  closed_ = true;
  closeQuietly(adminFd_);
  adminFd_ = -1;
}

void AdminConsole::poll() {
  if (closed_ || exporting_)
    return;
  pollfd pfd{adminFd_, POLLIN, 0}; // OK: closeListener() sets closed_ whenever it closes adminFd_
  if (::poll(&pfd, 1, 0) > 0 && (pfd.revents & POLLIN))
    acceptClient();
}

void AdminConsole::acceptClient() {
  const int fd = ::accept(adminFd_, nullptr, nullptr);
  if (fd < 0)
    return;
  if (!configureSocket(fd))
    return;
  serveClient(fd);
  writeAll(fd, "bye\n"); // BUG: use-after-close #admin_bye
}

void AdminConsole::serveClient(int fd) {
  auto closeConn = makeScopeExit([fd] { closeQuietly(fd); });
  writeAll(fd, "chatd admin console\n");
  for (;;) {
    const std::string line = trim(readLine(fd));
    if (line.empty() || line == "quit")
      break;
    if (line == "who") {
      for (const std::string &nick : sessions_.nicks())
        writeAll(fd, nick + "\n");
    } else if (line.rfind("kick ", 0) == 0) {
      kick(line.substr(5), "kicked by an operator");
      writeAll(fd, "OK\n");
    } else if (line == "metrics") {
      pushMetrics(statsLine());
      writeAll(fd, "OK queued\n");
    } else if (line == "metrics sync") {
      pushMetricsAndWait(statsLine());
      writeAll(fd, "OK sent\n");
    } else if (line.rfind("export ", 0) == 0) {
      std::istringstream args(line.substr(7));
      std::string room;
      std::string dest;
      args >> room >> dest;
      if (room.empty() || dest.empty()) {
        writeAll(fd, "ERR usage: export <room> <file>\n");
        continue;
      }
      exporting_ = true;
      pool_.submit([this, room, dest] {
        auto done = makeScopeExit([this] { exporting_ = false; });
        if (!history_.exportRoom(room, dest))
          std::fprintf(stderr, "chatd: export of %s failed\n", room.c_str());
      });
      writeAll(fd, "OK exporting\n");
    } else {
      writeAll(fd, "ERR unknown command\n");
    }
  }
}

void AdminConsole::kick(const std::string &nick, const std::string &reason) {
  if (sessions_.find(nick) == nullptr)
    return;
  sessions_.closeSession(nick);
  std::fprintf(stderr, "chatd: %s kicked (%s)\n", nick.c_str(), reason.c_str());
  sessions_.find(nick)->send("* you have been disconnected: " + reason); // BUG: use-after-close
}

void AdminConsole::pushMetrics(const std::string &payload) {
  std::shared_ptr<kafka::KafkaProducer> producer =
      kafka::createProducer(metricsBrokers_);
  pool_.submit([producer, payload] {
    producer->send(kafka::ProducerRecord{"chatd.metrics", payload}); // BUG: use-after-close #metrics_race
  });
  producer->close(); // SAME: metrics_race
}

void AdminConsole::pushMetricsAndWait(const std::string &payload) {
  std::shared_ptr<kafka::KafkaProducer> producer =
      kafka::createProducer(metricsBrokers_);
  pool_.submit([producer, payload] {
    producer->send(kafka::ProducerRecord{"chatd.metrics", payload}); // OK: drain() below waits for this task before close()
  });
  pool_.drain();
  producer->close();
}

std::string AdminConsole::statsLine() {
  std::ostringstream out;
  out << "sessions=" << sessions_.size() << " ts=" << nowMillis();
  return out.str();
}

} // namespace chatd
