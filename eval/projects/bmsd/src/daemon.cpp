// Daemon: construction and wiring of the components, startup with rollback,
// the poll()-based main loop and the shutdown sequence.
#include "daemon.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <poll.h>
#include <set>

#include "defer.h"
#include "diagnostics.h"
#include "fd_io.h"
#include "format.h"
#include "shutdown_plan.h"

namespace bmsd {
namespace {
constexpr int kPollMs = 250;
constexpr auto kHandoverGrace = std::chrono::seconds(30);
} // namespace

Daemon::Daemon(Config cfg, std::string configPath, Diagnostics &diag,
               SignalPipe &signals)
    : cfg_(std::move(cfg)), configPath_(std::move(configPath)), diag_(diag),
      signals_(signals),
      alarms_(kafka::createProducer(cfg_.kafkaBrokers), cfg_.alarmTopic, diag_),
      bus_(diag_), trend_(cfg_.trendDir, diag_),
      flusher_(trend_, std::chrono::milliseconds(2000)),
      pool_("command pool", cfg_.workerThreads, diag_),
      dispatcher_(registry_, pool_, bus_, diag_, metrics_, cfg_.ackTimeout),
      rules_(diag_, 1024), doors_(diag_, 2048, cfg_.heldOpenLimit), elevators_(diag_),
      schedules_(dispatcher_, diag_), overrides_(registry_, dispatcher_, diag_),
      reports_(cfg_.reportDir, diag_, cfg_.reportMaxRows),
      listener_(registry_, dispatcher_, diag_, metrics_,
                [this](const PointValue &pv) { routePoint(pv); }),
      watchdog_(diag_, std::chrono::seconds(15), 1000), reloader_(cfg_, diag_) {}

Daemon::~Daemon() {
  if (!pool_.stopped())
    pool_.stop(); // OK: only when neither start() nor the shutdown plan stopped it
}

Status Daemon::start() {
  auto rollback = defer([this] { pool_.stop(); });

  rules_.setRules(cfg_.rules);
  rules_.onAlarm([this](const Alarm &a) { alarms_.publish(a); });
  doors_.onAlarm([this](const Alarm &a) { alarms_.publish(a); });
  elevators_.onAlarm([this](const Alarm &a) { alarms_.publish(a); });
  doors_.attachAccessLog(alarms_.producer(), cfg_.accessTopic);
  watchdog_.watch(alarms_.producer());
  reports_.setFloors(cfg_.floors);
  listener_.setLimits(cfg_.maxControllers, std::set<std::string>(cfg_.allowedControllers.begin(),
                                                                 cfg_.allowedControllers.end()));

  if (!cfg_.busEndpoint.empty()) {
    bus_.reconnect(cfg_.busEndpoint);
    rules_.mirrorTo(bus_.channel());
  }

  Status st = trend_.open(std::chrono::system_clock::now());
  if (!st.good())
    return Status::error(st.code(), "trend log: " + st.message());
  st = schedules_.load(cfg_.schedulePath);
  if (!st.good())
    diag_.warn("schedules: %s; running without schedules", st.toString().c_str());
  st = listener_.listen(cfg_.listenPort);
  if (!st.good())
    return Status::error(st.code(), "listener: " + st.message());

  elevators_.connect(cfg_.elevatorGateway);
  meter_ = std::make_unique<EnergyMeter>(connectEventChannel(cfg_.meterEndpoint), db_,
                                         cfg_.meterInterval, diag_);
  meter_->start();
  doors_.start();
  flusher_.start();
  rollback.dismiss();
  diag_.info("bmsd listening on port %u", static_cast<unsigned>(cfg_.listenPort));
  return Status::ok();
}

void Daemon::routePoint(const PointValue &pv) {
  metrics_.increment("points.received");
  if (db_.update(pv))
    trend_.append(TrendSample{pv.name, pv.value, pv.at});
  rules_.evaluate(pv);
  doors_.ingest(pv);
  elevators_.ingest(pv);
}

void Daemon::handleSignals() {
  for (int sig : signals_.drain()) {
    switch (sig) {
    case SIGHUP:
      reload();
      break;
    case SIGUSR1: {
      Status st = overrides_.loadFile(cfg_.overridesPath);
      if (!st.good())
        diag_.warn("overrides: %s", st.toString().c_str());
      break;
    }
    case SIGINT:
    case SIGTERM:
      diag_.info("signal %d: shutting down", sig);
      stopRequested_ = true;
      break;
    default:
      break;
    }
  }
}

void Daemon::reload() {
  Status reopened = diag_.reopen();
  if (!reopened.good())
    std::fprintf(stderr, "bmsd: %s\n", reopened.toString().c_str());
  alarms_.flushNow();
  ReloadTargets targets{alarms_, watchdog_, bus_, rules_, registry_, db_, meter_};
  Status st = reloader_.reload(configPath_, targets);
  if (!st.good()) {
    diag_.warn("reload failed: %s", st.toString().c_str());
    return;
  }
  const Config next = reloader_.current();
  if (next.listenPort != cfg_.listenPort) {
    Status bound = listener_.rebind(next.listenPort);
    if (!bound.good())
      diag_.warn("reload: keeping port %u: %s", static_cast<unsigned>(cfg_.listenPort),
                 bound.toString().c_str());
  }
  listener_.setLimits(next.maxControllers,
                      std::set<std::string>(next.allowedControllers.begin(),
                                            next.allowedControllers.end()));
  reports_.setFloors(next.floors);
  cfg_ = next;
  bus_.publishControl("{\"event\":\"bmsd-reloaded\",\"revision\":" +
                      std::to_string(reloader_.revision()) + "}");
}

void Daemon::housekeeping() {
  const auto steadyNow = std::chrono::steady_clock::now();
  const auto wallNow = std::chrono::system_clock::now();
  dispatcher_.pump();
  dispatcher_.checkTimeouts(steadyNow);
  schedules_.tick(wallNow);
  overrides_.tick(steadyNow);
  rules_.drain();
  alarms_.publishPending();
  watchdog_.tick(steadyNow);
  registry_.sweepIdle(steadyNow, cfg_.idleTimeout);
  registry_.reapClosed(steadyNow, kHandoverGrace);
  bus_.reapRetired();
  reports_.maybeGenerate(wallNow, db_, rules_);
  const long today = dayOfHourKey(hourKey(wallNow));
  if (lastExportedDay_ < 0) {
    lastExportedDay_ = today - 1;
  } else if (today != lastExportedDay_ + 1) {
    const long day = today - 1;
    Status exported =
        trend_.exportDay(day, cfg_.reportDir + "/trend-day-" + std::to_string(day) + ".csv");
    if (!exported.good())
      diag_.warn("trend export: %s", exported.toString().c_str());
    lastExportedDay_ = day;
  }
  metrics_.gauge("sessions.active", static_cast<double>(registry_.activeCount()));
}

void Daemon::run() {
  std::vector<pollfd> fds;
  std::vector<SessionRegistry::SessionPtr> polled;
  while (!stopRequested_) {
    fds.clear();
    polled.clear();
    fds.push_back(pollfd{signals_.readFd(), POLLIN, 0});
    fds.push_back(pollfd{listener_.fd(), POLLIN, 0});
    for (SessionRegistry::SessionPtr &session : registry_.openSessions()) {
      fds.push_back(pollfd{session->fd(), POLLIN, 0});
      polled.push_back(std::move(session));
    }

    const int ready = ::poll(fds.data(), fds.size(), kPollMs);
    if (ready < 0 && errno != EINTR) {
      diag_.error("poll failed: %s", errnoText(errno).c_str());
      exitCode_ = 1;
      break;
    }
    if (ready > 0) {
      if (fds[0].revents & POLLIN)
        handleSignals();
      if (fds[1].revents & POLLIN)
        listener_.acceptPending();
      for (std::size_t i = 0; i < polled.size(); ++i) {
        if (!(fds[i + 2].revents & (POLLIN | POLLHUP | POLLERR)))
          continue;
        try {
          polled[i]->pollInput(); // OK: pollInput() returns at once for a session closed earlier in this pass
        } catch (const std::exception &e) {
          diag_.warn("controller %s: %s", polled[i]->id().c_str(), e.what());
        }
      }
    }
    try {
      housekeeping();
    } catch (const std::exception &e) {
      diag_.error("housekeeping: %s", e.what());
    }
  }
}

void Daemon::shutdown() {
  std::vector<ShutdownStep> plan = buildShutdownPlan(*this);
  for (ShutdownStep &step : plan) {
    try {
      step.run();
    } catch (const std::exception &e) {
      diag_.error("shutdown step '%s' failed: %s", step.name.c_str(), e.what());
    }
  }
  diag_.info("shutdown complete");
}

} // namespace bmsd
