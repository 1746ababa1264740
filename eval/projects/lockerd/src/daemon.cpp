// Daemon: wires the components together, polls the bank listener, bank
// sessions, console and signal pipe, runs the housekeeping tick (timers,
// bus pumping, idle sweeps, day change) and finally the shutdown plan.
#include "daemon.h"

#include "command_codec.h"
#include "config_reload.h"
#include "csv_format.h"
#include "notification.h"
#include "shutdown_plan.h"

#include <arpa/inet.h>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <exception>
#include <limits>
#include <netinet/in.h>
#include <poll.h>
#include <stdexcept>
#include <sys/socket.h>

namespace {
constexpr int kPollMs = 500;
constexpr std::size_t kPumpBatch = 256;
constexpr std::size_t kFirmwareBatch = 4;
constexpr std::time_t kSweepEvery = 30;
constexpr std::chrono::seconds kConsoleIdle{15 * 60};

[[noreturn]] void startupFailure(DiagLog &diag, const std::string &what) {
  diag.error("startup failed: %s", what.c_str());
  throw std::runtime_error(what);
}

void installSignalsOrDie(SignalPipe &signals, DiagLog &diag) {
  Status st = signals.install({SIGTERM, SIGINT, SIGHUP});
  if (st.failed()) {
    signals.close();
    startupFailure(diag, "signal handlers: " + st.describe());
  }
}

std::string peerOf(int fd) {
  sockaddr_in6 addr{};
  socklen_t len = sizeof addr;
  if (::getpeername(fd, reinterpret_cast<sockaddr *>(&addr), &len) != 0)
    return "unknown";
  char text[INET6_ADDRSTRLEN] = {0};
  ::inet_ntop(AF_INET6, &addr.sin6_addr, text, sizeof text);
  return std::string(text) + ":" + std::to_string(ntohs(addr.sin6_port));
}
} // namespace

Daemon::Daemon(std::string configPath, Config config)
    : configPath_(std::move(configPath)), config_(std::move(config)),
      pool_("workers", config_.workerThreads, diag_), timers_(diag_), health_(slots_, registry_),
      pickup_(store_, registry_, timers_, diag_, config_.reminderAfter),
      alarms_(registry_, timers_, std::make_shared<EventChannel>(), diag_, config_.chillMaxCelsius),
      recon_(config_.reconDir, diag_), firmware_(pool_, diag_, config_.firmwareChunk),
      router_(store_, registry_, slots_, pickup_, alarms_, recon_, firmware_, diag_),
      commands_(registry_, store_, slots_, health_, pickup_, firmware_, diag_),
      console_(commands_, diag_, config_.maxConsoleSessions) {
  if (!config_.diagPath.empty()) {
    Status st = diag_.openFile(config_.diagPath);
    if (st.failed())
      diag_.warn("diagnostics stay on stderr: %s", st.describe().c_str());
  }
  installSignalsOrDie(signals_, diag_);

  day_ = formatDay(std::time(nullptr));
  slots_.journal = std::make_unique<AuditJournal>(config_.journalDir, diag_);
  Status opened = slots_.journal->open(day_);
  if (opened.failed())
    startupFailure(diag_, "audit journal: " + opened.describe());
  slots_.journal->note("lockerd starting");
  slots_.flusher = std::make_unique<JournalFlusher>(*slots_.journal, config_.flushInterval);
  slots_.flusher->start();

  std::shared_ptr<kafka::KafkaProducer> producer = kafka::createProducer(config_.brokers);
  if (!producer)
    startupFailure(diag_, "no Kafka producer for " + config_.brokers);
  health_.watchProducer(producer);
  slots_.publisher = std::make_shared<NotificationPublisher>(
      std::move(producer), config_.topicPrefix, config_.outboxCapacity, config_.busCloseTimeout);
  pickup_.bindPublisher(slots_.publisher);
  alarms_.bindPublisher(slots_.publisher);
  if (config_.mirrorEnabled) {
    slots_.mirror = std::make_shared<BusMirror>(std::make_unique<EventChannel>(),
                                                config_.mirrorBacklog, diag_);
    slots_.mirror->attachTo(*slots_.publisher);
  }
  slots_.temps.emplace(config_.temperatureLog, config_.chillMaxCelsius, diag_);

  try {
    bankListener_ = TcpSocket::listenOn(config_.bankPort, 64);
  } catch (const std::exception &e) {
    startupFailure(diag_, e.what());
  }
  Status console = console_.listen(config_.consolePort);
  if (console.failed())
    diag_.warn("console disabled: %s", console.describe().c_str());
}

Daemon::~Daemon() {
  pool_.stop(); // OK
}

int Daemon::run() {
  diag_.info("lockerd up: banks on port %u, console on port %u",
             static_cast<unsigned>(config_.bankPort), static_cast<unsigned>(config_.consolePort));
  while (!stopRequested_) {
    std::vector<pollfd> fds;
    fds.push_back({signals_.readFd(), POLLIN, 0});
    fds.push_back({bankListener_.nativeHandle(), POLLIN, 0});
    if (console_.listenFd() >= 0)
      fds.push_back({console_.listenFd(), POLLIN, 0});
    for (int fd : console_.sessionFds())
      fds.push_back({fd, POLLIN, 0});
    for (const auto &entry : sessions_)
      fds.push_back({entry.first, POLLIN, 0});

    const int rc = ::poll(fds.data(), fds.size(), kPollMs);
    if (rc < 0 && errno != EINTR) {
      diag_.error("poll: %s", std::strerror(errno));
      break;
    }
    for (const pollfd &p : fds) {
      if (rc <= 0 || p.revents == 0)
        continue;
      if (p.fd == signals_.readFd())
        drainSignals();
      else if (p.fd == bankListener_.nativeHandle())
        acceptBanks();
      else if (p.fd == console_.listenFd())
        console_.acceptPending();
      else if (sessions_.count(p.fd) > 0)
        serviceBank(p.fd);
      else
        console_.serviceSession(p.fd);
    }
    housekeeping(std::time(nullptr));
  }
  shutdown();
  return 0;
}

void Daemon::drainSignals() {
  while (!signals_.isClosed()) {
    const int signo = signals_.next(); // OK
    if (signo == 0)
      return;
    if (signo == SIGHUP) {
      reload();
    } else {
      diag_.info("signal %d: stopping", signo);
      stopRequested_ = true;
    }
  }
}

void Daemon::acceptBanks() {
  TcpSocket socket;
  while ((socket = bankListener_.accept()).isOpen()) { // OK
    const int fd = socket.nativeHandle();
    const std::string peer = peerOf(fd);
    sessions_[fd] = std::make_unique<BankSession>(std::move(socket), peer, diag_);
  }
}

void Daemon::serviceBank(int fd) {
  BankSession &session = *sessions_.at(fd);
  std::vector<DoorEvent> events;
  const SessionRead result = session.readEvents(events);
  for (DoorEvent &ev : events) {
    if (ev.kind == DoorEventKind::Hello) {
      handleHello(session, ev);
      continue;
    }
    if (session.bankId().empty()) {
      (void)session.sendNak("HELLO first");
      continue;
    }
    if (ev.bankId.empty())
      ev.bankId = session.bankId();
    router_.route(ev);
  }
  if (result == SessionRead::Eof || result == SessionRead::Error) {
    if (!session.bankId().empty())
      registry_.detach(session.bankId());
    sessions_.erase(fd);
  }
}

void Daemon::handleHello(BankSession &session, const DoorEvent &hello) {
  session.setBankId(hello.bankId);
  auto link = std::make_shared<BankLink>(hello.bankId,
                                         std::make_unique<net::Connection>(session.peer()));
  Status hs = link->handshake(hello.firmware, firmwareAccepted(config_, hello.firmware));
  if (hs.failed()) {
    diag_.warn("bank %s: %s", hello.bankId.c_str(), hs.describe().c_str());
    (void)session.sendNak(hs.message());
    return;
  }
  store_.registerBank(hello.bankId, hello.compartment, {});

  std::shared_ptr<BankLink> previous = registry_.find(hello.bankId);
  Status st = registry_.migrate(hello.bankId, link);
  if (st.code() == StatusCode::NotFound)
    st = registry_.attach(link);
  if (st.failed()) {
    diag_.warn("bank %s: %s", hello.bankId.c_str(), st.describe().c_str());
    return;
  }
  if (previous)
    previous->flush(); // BUG: use-after-close
  registry_.pushTo(hello.bankId, displayText("Connected")); // OK
  diag_.info("bank %s (%s) online, firmware %s", hello.bankId.c_str(), session.peer().c_str(),
             hello.firmware.c_str());
}

void Daemon::housekeeping(std::time_t now) {
  timers_.fireDue(now);
  slots_.publisher->pump(kPumpBatch);
  if (slots_.mirror) {
    if (!slots_.mirror->healthy())
      slots_.mirror->reconnect(std::make_unique<EventChannel>());
    slots_.mirror->forward(kPumpBatch);
  }
  firmware_.pump(kFirmwareBatch);
  if (firmware_.active() && firmware_.queueEmpty())
    firmware_.finish();
  console_.reapClosed();

  if (now - lastSweep_ >= kSweepEvery) {
    const std::size_t idle = registry_.sweepIdle(config_.idleBank, timeSync(now));
    if (idle > 0)
      diag_.info("%zu idle bank link(s) closed", idle);
    registry_.reap();
    console_.closeIdle(now, kConsoleIdle);
    health_.nudge();
    lastSweep_ = now;
  }

  const std::string today = formatDay(now);
  if (today != day_)
    onDayChange(today);
}

void Daemon::onDayChange(const std::string &today) {
  recon_.scheduleNightly(pool_, slots_.publisher, day_);
  std::lock_guard<std::mutex> lock(slots_.mutex);
  if (slots_.temps) {
    Status snap = slots_.temps->writeSnapshot(config_.reconDir + "/" + day_ + "-temperatures.csv");
    if (snap.failed())
      diag_.warn("temperature snapshot: %s", snap.describe().c_str());
  }
  AuditJournal &journal = *slots_.journal;
  if (journal.isOpen())
    journal.rotate(today);
  else
    journal.open(today);
  journal.note("day " + today + " opened"); // BUG: use-after-close
  day_ = today;
}

void Daemon::reload() {
  Config next;
  Status st = loadConfig(configPath_, next);
  if (st.failed()) {
    diag_.warn("reload: %s; keeping the running configuration", st.describe().c_str());
    return;
  }
  try {
    ConfigReloader reloader(slots_, pool_, pickup_, alarms_, diag_);
    Status applied = reloader.apply(config_, next);
    if (applied.failed())
      diag_.warn("reload: finished with errors: %s", applied.describe().c_str());
  } catch (const std::exception &e) {
    diag_.error("reload failed: %s", e.what());
  }
  const std::uint16_t bankPort = config_.bankPort;
  const std::uint16_t consolePort = config_.consolePort;
  config_ = std::move(next);
  config_.bankPort = bankPort;
  config_.consolePort = consolePort;
}

void Daemon::shutdown() {
  const ShutdownTargets targets{console_,  firmware_, pool_,    slots_, alarms_,
                                registry_, recon_,    signals_, diag_,  day_};
  for (const ShutdownStep &step : buildShutdownPlan(targets)) {
    diag_.info("shutdown: %s", step.name.c_str());
    try {
      step.run();
    } catch (const std::exception &e) {
      diag_.error("shutdown: %s failed: %s", step.name.c_str(), e.what());
    }
  }
  sessions_.clear();
  bankListener_.close();
}
