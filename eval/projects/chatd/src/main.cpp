// chatd: a small chat / pub-sub server.
//
// Clients connect over TCP (Listener, with its own accept thread), send a nick
// and then line commands: JOIN <room>, SAY <room> <text>, OPEN <room>,
// ARCHIVE <room>, QUIT. Each client is a Session (a Socket, an outbox Mailbox
// and a writer thread) kept in a SessionRegistry keyed by nick. Rooms deliver
// messages to their members and append them to per-room Transcripts (FILE*);
// HistoryStore compacts and exports those files on the WorkerPool. Chat events
// go to Kafka through an EventBus over a shared kafka::KafkaProducer
// (messaging.h), admin actions to an AuditTrail on the same producer, and
// presence changes to the watched rooms and an EventChannel feed
// (PresenceTracker, with a heartbeat thread). A TimerWheel, ticked by the
// server loop, drives idle timeouts and room keepalives. An AdminConsole on a
// loopback port offers who / kick / metrics / export.
//
// main() parses the flags, writes a pid file and runs ChatServer::runOnce()
// until SIGINT or SIGTERM. SIGHUP switches Kafka brokers (read from
// <data>/brokers), SIGUSR1 rotates the access log, SIGUSR2 reopens the server
// log.

#include "chatd/file_handle.h"
#include "chatd/server.h"
#include "chatd/util.h"

#include <csignal>
#include <cstdio>
#include <exception>
#include <string>

#include <unistd.h>

namespace {

volatile std::sig_atomic_t gStop = 0;
volatile std::sig_atomic_t gReload = 0;
volatile std::sig_atomic_t gRotate = 0;
volatile std::sig_atomic_t gReopen = 0;

extern "C" void onSignal(int sig) {
  switch (sig) {
  case SIGHUP:
    gReload = 1;
    break;
  case SIGUSR1:
    gRotate = 1;
    break;
  case SIGUSR2:
    gReopen = 1;
    break;
  default:
    gStop = 1;
    break;
  }
}

bool writePidFile(const std::string &path) {
  std::FILE *fp = std::fopen(path.c_str(), "w");
  if (fp == nullptr)
    return false;
  bool ok = std::fprintf(fp, "%ld\n", static_cast<long>(::getpid())) > 0;
  if (!ok) {
    std::fclose(fp);
    fp = nullptr;
    std::remove(path.c_str());
  }
  if (fp != nullptr && std::fclose(fp) != 0) // OK: fp is set to nullptr after the close on the failure path
    ok = false;
  return ok;
}

std::string readBrokers(const std::string &path, const std::string &fallback) {
  chatd::FileHandle in(path, "r");
  if (!in)
    return fallback;
  std::string line;
  if (!in.readLine(line))
    return fallback;
  line = chatd::trim(line);
  return line.empty() ? fallback : line;
}

chatd::ServerConfig parseArgs(int argc, char **argv) {
  chatd::ServerConfig cfg;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string key = argv[i];
    const std::string value = argv[i + 1];
    if (key == "--port")
      cfg.port = static_cast<std::uint16_t>(std::stoi(value));
    else if (key == "--admin-port")
      cfg.adminPort = static_cast<std::uint16_t>(std::stoi(value));
    else if (key == "--brokers")
      cfg.brokers = value;
    else if (key == "--metrics-brokers")
      cfg.metricsBrokers = value;
    else if (key == "--data")
      cfg.dataDir = value;
    else if (key == "--history")
      cfg.historyDir = value;
    else if (key == "--max-clients")
      cfg.maxClients = static_cast<std::size_t>(std::stoul(value));
    else if (key == "--workers")
      cfg.workerThreads = static_cast<std::size_t>(std::stoul(value));
    else if (key == "--room")
      cfg.rooms.push_back(value);
    else
      std::fprintf(stderr, "chatd: ignoring unknown flag %s\n", key.c_str());
  }
  return cfg;
}

} // namespace

int main(int argc, char **argv) {
  const chatd::ServerConfig cfg = parseArgs(argc, argv);
  const std::string pidPath = cfg.dataDir + "/chatd.pid";
  if (!writePidFile(pidPath))
    std::fprintf(stderr, "chatd: could not write %s\n", pidPath.c_str());

  std::signal(SIGINT, onSignal);
  std::signal(SIGTERM, onSignal);
  std::signal(SIGHUP, onSignal);
  std::signal(SIGUSR1, onSignal);
  std::signal(SIGUSR2, onSignal);
  std::signal(SIGPIPE, SIG_IGN);

  chatd::ChatServer server(cfg);
  if (!server.start())
    return 1;

  while (!gStop) {
    try {
      server.runOnce();
      if (gReload) {
        gReload = 0;
        server.switchBrokers(readBrokers(cfg.dataDir + "/brokers", cfg.brokers));
      }
      if (gRotate) {
        gRotate = 0;
        server.rotateAccessLog();
      }
      if (gReopen) {
        gReopen = 0;
        server.reopenServerLog();
      }
    } catch (const std::exception &e) {
      std::fprintf(stderr, "chatd: %s\n", e.what());
    }
  }

  server.shutdown();
  std::remove(pidPath.c_str());
  return 0;
}
