// ChatServer ties the components together and runs the single-threaded
// server loop (runOnce). Everything except the listener's accept thread, the
// sessions' writer threads, the presence heartbeat and the worker pool runs
// on the loop thread.
#pragma once

#include "chatd/admin.h"
#include "chatd/event_bus.h"
#include "chatd/history.h"
#include "chatd/listener.h"
#include "chatd/mailbox.h"
#include "chatd/presence.h"
#include "chatd/room.h"
#include "chatd/session_registry.h"
#include "chatd/socket.h"
#include "chatd/timer_wheel.h"
#include "chatd/transcript.h"
#include "chatd/worker_pool.h"
#include "messaging.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace chatd {

struct ServerConfig {
  std::uint16_t port = 6667;
  std::uint16_t adminPort = 6668;
  std::string brokers = "localhost:9092";
  std::string metricsBrokers = "localhost:9092";
  std::string dataDir = "/var/lib/chatd";
  std::string historyDir = "/var/lib/chatd/history";
  std::size_t maxClients = 512;
  std::size_t workerThreads = 2;
  std::vector<std::string> rooms{"lobby"};
};

/// A client request, parsed from one protocol line.
struct Command {
  std::string verb; // JOIN, SAY, QUIT, OPEN, ARCHIVE
  std::string nick;
  std::string room;
  std::string text;
  int attempts = 0;
};

class ChatServer {
public:
  explicit ChatServer(ServerConfig cfg);
  ~ChatServer();

  ChatServer(const ChatServer &) = delete;
  ChatServer &operator=(const ChatServer &) = delete;

  bool start();
  /// One iteration of the server loop.
  void runOnce();
  /// Queues a command for the loop; drops it when the queue is full or closed.
  void submit(Command cmd);

  void openRoom(const std::string &name);
  void archiveRoom(const std::string &name);
  void switchBrokers(const std::string &brokers);
  void rotateAccessLog();
  void reopenServerLog();
  void shutdown();

private:
  std::shared_ptr<Room> findRoom(const std::string &name) const;
  void adoptConnection(Socket sock);
  void pollClients();
  void runCommands();
  bool handleCommand(const Command &cmd);
  bool handleSay(const Command &cmd);
  void closeClient(const std::string &nick);
  void armIdleTimer(const std::string &nick);
  void scheduleHeartbeat(std::shared_ptr<Room> room);

  void stopIntake();
  void closeRooms();
  void stopEvents();
  void bestEffort(const char *stage, const std::function<void()> &step);
  void log(const std::string &text);
  void logAccess(const std::string &text);

  ServerConfig cfg_;
  std::shared_ptr<kafka::KafkaProducer> producer_;
  std::unique_ptr<EventBus> bus_;
  std::unique_ptr<AuditTrail> audit_;
  std::shared_ptr<EventChannel> presenceFeed_;
  std::unique_ptr<PresenceTracker> presence_;
  HistoryStore history_;
  SessionRegistry sessions_;
  WorkerPool pool_;
  TimerWheel timers_;
  std::vector<std::shared_ptr<Room>> rooms_;
  std::map<std::string, std::shared_ptr<Transcript>> transcripts_;
  std::map<std::string, TimerWheel::TimerId> idleTimers_;
  std::map<std::string, int> sentThisTick_;
  std::vector<kafka::ProducerRecord> pendingEvents_;
  std::optional<Transcript> serverLog_;
  std::unique_ptr<Transcript> accessLog_;
  Mailbox<Socket> accepted_;
  Mailbox<Command> inbound_;
  std::unique_ptr<Listener> listener_;
  std::unique_ptr<AdminConsole> admin_;
  bool stopped_ = false;
};

} // namespace chatd
