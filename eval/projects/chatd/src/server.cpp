#include "chatd/server.h"
#include "chatd/session.h"
#include "chatd/util.h"

#include <chrono>
#include <cstdio>
#include <exception>
#include <sstream>
#include <utility>

#include <poll.h>

namespace chatd {

namespace {

constexpr std::size_t kKeepaliveTicks = 300;
constexpr std::size_t kIdleTicks = 6000;
constexpr int kFloodLimit = 20;
constexpr std::size_t kBacklogLimit = 2048;

Command parseLine(const std::string &nick, const std::string &line) {
  Command cmd;
  cmd.nick = nick;
  std::istringstream in(line);
  in >> cmd.verb >> cmd.room;
  std::getline(in, cmd.text);
  cmd.text = trim(cmd.text);
  return cmd;
}

} // namespace

ChatServer::ChatServer(ServerConfig cfg)
    : cfg_(std::move(cfg)), producer_(kafka::createProducer(cfg_.brokers)),
      bus_(std::make_unique<EventBus>(producer_)),
      audit_(std::make_unique<AuditTrail>(producer_)),
      presenceFeed_(std::make_shared<EventChannel>()),
      presence_(std::make_unique<PresenceTracker>(presenceFeed_)),
      history_(cfg_.historyDir), pool_(cfg_.workerThreads), accepted_(64),
      inbound_(4096) {
  serverLog_.emplace(cfg_.dataDir + "/server.log");
  accessLog_ = std::make_unique<Transcript>(cfg_.dataDir + "/access.log");
  listener_ = std::make_unique<Listener>(cfg_.port, cfg_.maxClients);
  admin_ = std::make_unique<AdminConsole>(sessions_, pool_, history_,
                                          cfg_.metricsBrokers);
}

ChatServer::~ChatServer() {
  shutdown(); // OK: returns at once when shutdown() already ran (stopped_)
}

bool ChatServer::start() {
  if (!listener_->open()) {
    log("cannot open the client port");
    return false;
  }
  if (!admin_->listen(cfg_.adminPort))
    log("admin console disabled");
  listener_->start([this](Socket sock) {
    if (!accepted_.tryPush(std::move(sock)))
      std::fprintf(stderr, "chatd: accept queue full, dropping a client\n");
  });
  presence_->onChange("server-log",
                      [this](const std::string &what) { log(what); });
  presence_->startHeartbeat(std::chrono::seconds(5));
  for (const std::string &name : cfg_.rooms)
    openRoom(name);
  log("started");
  return true;
}

void ChatServer::runOnce() {
  while (std::optional<Socket> sock = accepted_.tryPop())
    adoptConnection(std::move(*sock));
  pollClients();
  runCommands();
  admin_->poll();
  timers_.tick();
  sentThisTick_.clear();
  if (!pendingEvents_.empty()) {
    bus_->publishBatch(pendingEvents_, false);
    pendingEvents_.clear();
  }
  sessions_.reap();
  listener_->setActiveCount(sessions_.size());
  // Back-pressure: turn new clients away while the command queue is backed up.
  listener_->setPaused(inbound_.size() > kBacklogLimit);
}

void ChatServer::submit(Command cmd) {
  if (!inbound_.tryPush(std::move(cmd)))
    log("command queue full or closed, dropping a command");
}

std::shared_ptr<Room> ChatServer::findRoom(const std::string &name) const {
  for (auto it = rooms_.rbegin(); it != rooms_.rend(); ++it) {
    if ((*it)->name() == name)
      return *it;
  }
  return nullptr;
}

void ChatServer::adoptConnection(Socket sock) {
  std::string nick;
  try {
    sock.send("chatd: nick?\n");
    nick = trim(sock.receiveLine());
  } catch (const std::exception &e) {
    log(std::string("handshake failed: ") + e.what());
    return;
  }
  if (nick.empty() || sessions_.find(nick) != nullptr) {
    if (nick.empty())
      sock.close(); // the peer hung up during the handshake
    sendGoodbye(sock, "ERR nick unavailable\n"); // OK: sendGoodbye() returns early for a closed socket
    return;
  }

  logAccess(nick + " connected");
  Session &session =
      sessions_.add(std::make_unique<Session>(nick, std::move(sock)));
  session.start();
  session.send("* welcome, " + nick);
  presence_->online(nick);
  armIdleTimer(nick);
}

void ChatServer::pollClients() {
  std::vector<pollfd> fds;
  std::vector<std::string> owners;
  for (const std::string &nick : sessions_.nicks()) {
    Session *session = sessions_.find(nick);
    if (session == nullptr || !session->isOpen())
      continue;
    fds.push_back(pollfd{session->socket().fd(), POLLIN, 0});
    owners.push_back(nick);
  }
  if (fds.empty() || ::poll(fds.data(), fds.size(), 10) <= 0)
    return;

  for (std::size_t i = 0; i < fds.size(); ++i) {
    if ((fds[i].revents & (POLLIN | POLLHUP | POLLERR)) == 0)
      continue;
    Session *session = sessions_.find(owners[i]);
    if (session == nullptr || !session->isOpen())
      continue;
    const std::string line = session->readLine(); // OK: a session closed earlier in this loop is skipped above
    if (line.empty()) {
      closeClient(owners[i]);
      continue;
    }
    submit(parseLine(owners[i], line));
  }
}

void ChatServer::runCommands() {
  std::size_t budget = 256;
  while (!inbound_.closed() && budget-- > 0) {
    std::optional<Command> cmd = inbound_.tryPop();
    if (!cmd)
      break;
    if (!handleCommand(*cmd) && ++cmd->attempts < 3)
      inbound_.push(std::move(*cmd)); // OK: only shutdown() closes inbound_, on this thread and never from inside this loop
  }
}

bool ChatServer::handleCommand(const Command &cmd) {
  if (cmd.verb == "SAY")
    return handleSay(cmd);
  if (cmd.verb == "JOIN") {
    std::shared_ptr<Room> room = findRoom(cmd.room);
    if (!room)
      return false; // an OPEN for it may still be queued: retry later
    if (room->isClosed()) {
      sessions_.sendTo(cmd.nick, "* room " + cmd.room + " is archived");
      return true;
    }
    room->join(cmd.nick); // OK: isClosed() was checked just above, and rooms are closed only on this thread
    sessions_.sendTo(cmd.nick, "* joined " + cmd.room);
    return true;
  }
  if (cmd.verb == "OPEN") {
    openRoom(cmd.room);
    return true;
  }
  if (cmd.verb == "ARCHIVE") {
    archiveRoom(cmd.room);
    return true;
  }
  if (cmd.verb == "QUIT") {
    closeClient(cmd.nick);
    return true;
  }
  sessions_.sendTo(cmd.nick, "* unknown command " + cmd.verb);
  return true;
}

bool ChatServer::handleSay(const Command &cmd) {
  Session *sender = sessions_.find(cmd.nick);
  if (sender == nullptr || !sender->isOpen())
    return true; // the sender has left: drop the message

  const bool flooding = ++sentThisTick_[cmd.nick] > kFloodLimit;
  if (flooding) {
    sender->send("* too many messages, disconnecting");
    closeClient(cmd.nick);
  }
  logAccess(cmd.nick + " -> " + cmd.room);

  std::shared_ptr<Room> room = findRoom(cmd.room);
  if (!room || room->isClosed()) {
    if (!flooding)
      sender->send("* no such room: " + cmd.room); // OK: the sender was closed above only when flooding is true
    return true;
  }
  if (!flooding) {
    room->broadcast(cmd.nick, cmd.text); // OK: isClosed() was checked above on this thread, the only one that closes rooms
    pendingEvents_.push_back(kafka::ProducerRecord{
        "chatd.messages", cmd.room + " " + cmd.nick + " " + cmd.text});
    armIdleTimer(cmd.nick);
  }
  return true;
}

void ChatServer::closeClient(const std::string &nick) {
  auto timer = idleTimers_.find(nick);
  if (timer != idleTimers_.end()) {
    timers_.cancel(timer->second);
    idleTimers_.erase(timer);
  }
  Session *session = sessions_.find(nick);
  if (session == nullptr || !session->isOpen())
    return;
  session->send("* goodbye");
  sessions_.closeSession(nick);
  for (const std::shared_ptr<Room> &room : rooms_)
    room->leave(nick); // OK: leave() is a no-op on an archived (closed) room
  logAccess(nick + " disconnected");
  presence_->offline(nick);
}

void ChatServer::armIdleTimer(const std::string &nick) {
  auto previous = idleTimers_.find(nick);
  if (previous != idleTimers_.end())
    timers_.cancel(previous->second);
  idleTimers_[nick] = timers_.scheduleAfter(kIdleTicks, [this, nick] {
    idleTimers_.erase(nick);
    Session *session = sessions_.find(nick);
    if (session == nullptr || !session->isOpen())
      return;
    session->send("* idle for too long"); // OK: sessions closed before the timer fired (an admin kick) are skipped above
    closeClient(nick);
  });
}

void ChatServer::scheduleHeartbeat(std::shared_ptr<Room> room) {
  timers_.scheduleAfter(kKeepaliveTicks, [this, room] {
    room->broadcast("chatd", "keepalive"); // BUG: use-after-close
    scheduleHeartbeat(room);
  });
}

void ChatServer::openRoom(const std::string &name) {
  std::shared_ptr<Room> existing = findRoom(name);
  if (existing && !existing->isClosed())
    return;
  auto transcript = std::make_shared<Transcript>(history_.pathFor(name));
  auto room = std::make_shared<Room>(name, transcript);
  room->setDelivery([this](const std::string &member, const std::string &line) {
    sessions_.sendTo(member, line);
  });
  transcripts_[name] = transcript;
  rooms_.push_back(room);
  presence_->watch(room);
  scheduleHeartbeat(room);
  log("room " + name + " opened");
}

void ChatServer::archiveRoom(const std::string &name) {
  std::shared_ptr<Room> room = findRoom(name);
  if (!room || room->isClosed())
    return;
  room->close();
  log("room " + name + " archived");
  pool_.submit([this, name] {
    if (!history_.compact(name))
      std::fprintf(stderr, "chatd: compaction of %s failed\n", name.c_str());
  });
  auto it = transcripts_.find(name);
  if (it != transcripts_.end())
    it->second->append("chatd", "room archived"); // BUG: use-after-close
}

void ChatServer::switchBrokers(const std::string &brokers) {
  log("switching Kafka brokers to " + brokers);
  if (!pendingEvents_.empty()) {
    bus_->publishBatch(pendingEvents_, false);
    pendingEvents_.clear();
  }
  bus_->stop();
  producer_ = kafka::createProducer(brokers);
  bus_ = std::make_unique<EventBus>(producer_);
  bus_->publish("chatd.lifecycle", "brokers switched"); // OK: bus_ was rebuilt on the new producer
  audit_->record("chatd", "switched brokers to " + brokers); // BUG: use-after-close #audit_after_stop
}

void ChatServer::rotateAccessLog() {
  const std::string current = cfg_.dataDir + "/access.log";
  const std::string archived = current + "." + std::to_string(nowMillis());
  accessLog_->close();
  if (std::rename(current.c_str(), archived.c_str()) == 0)
    accessLog_ = std::make_unique<Transcript>(current);
  accessLog_->append("chatd", "log rotated"); // BUG: use-after-close
}

void ChatServer::reopenServerLog() {
  serverLog_.reset();
  serverLog_.emplace(cfg_.dataDir + "/server.log");
  serverLog_->append("chatd", "server log reopened"); // OK: emplace() constructed a fresh, open transcript
}

void ChatServer::log(const std::string &text) {
  if (serverLog_)
    serverLog_->append("chatd", text); // OK: serverLog_ is only ever closed by reset(), which empties it
  else
    std::fprintf(stderr, "chatd: %s\n", text.c_str());
}

void ChatServer::logAccess(const std::string &text) {
  if (accessLog_ && accessLog_->isOpen())
    accessLog_->append("access", text); // OK: skips a log left closed by a failed rotation or by shutdown
}

void ChatServer::stopIntake() {
  accepted_.close();
  while (std::optional<Socket> pending = accepted_.tryPop()) // OK: tryPop() still hands out queued items after close(); only pushes are refused
    sendGoodbye(*pending, "ERR server shutting down\n");
  inbound_.close();
  inbound_.push(Command{"WAKE", "", "", "", 0}); // BUG: use-after-close
}

void ChatServer::closeRooms() {
  for (const std::shared_ptr<Room> &room : rooms_)
    room->close(); // OK: Room::close() returns at once for rooms already archived
  for (const std::shared_ptr<Room> &room : rooms_)
    room->broadcast("chatd", "the server is shutting down"); // BUG: use-after-close
}

void ChatServer::stopEvents() {
  if (!pendingEvents_.empty()) {
    bus_->publishBatch(pendingEvents_, false);
    pendingEvents_.clear();
  }
  bus_->stop();
  bus_->publish("chatd.lifecycle", "stopped"); // OK: dropped, publish() checks stopped_ under the bus mutex
  // The bus drops events once stopped: send the final marker straight to Kafka.
  producer_->send(kafka::ProducerRecord{"chatd.lifecycle", "stopped"}); // BUG: use-after-close
}

void ChatServer::bestEffort(const char *stage,
                            const std::function<void()> &step) {
  try {
    step();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "chatd: shutdown step '%s' failed: %s\n", stage,
                 e.what());
  }
}

void ChatServer::shutdown() {
  if (stopped_)
    return;
  stopped_ = true;
  log("shutting down");
  bestEffort("presence", [this] { presence_->stop(); });
  bestEffort("listener", [this] { listener_->stop(); });
  bestEffort("admin", [this] { admin_->closeListener(); });
  bestEffort("intake", [this] { stopIntake(); });
  bestEffort("pool", [this] { pool_.drain(); });
  bestEffort("sessions", [this] { sessions_.closeAll(); });
  bestEffort("rooms", [this] { closeRooms(); });
  bestEffort("events", [this] { stopEvents(); });
  log("stopped");
  serverLog_.reset();
  accessLog_.reset();
}

} // namespace chatd
