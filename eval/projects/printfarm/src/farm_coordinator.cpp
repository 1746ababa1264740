// FarmCoordinator: builds, wires, starts and stops every subsystem of the daemon.
#include "printfarm/farm_coordinator.h"

#include <chrono>
#include <cstdio>
#include <sstream>
#include <utility>

#include "printfarm/camera_stream.h"
#include "printfarm/enclosure_monitor.h"
#include "printfarm/firmware_updater.h"
#include "printfarm/job_scheduler.h"
#include "printfarm/printer_session.h"
#include "printfarm/status_server.h"
#include "printfarm/telemetry.h"
#include "printfarm/temperature_watch.h"
#include "printfarm/usb_hotplug.h"
#include "printfarm/worker_pool.h"

namespace printfarm {

FarmCoordinator::FarmCoordinator(FarmConfig cfg) : cfg_(std::move(cfg)), registry_(bus_) {}

FarmCoordinator::~FarmCoordinator() {
  stop(); // OK: stop() returns at once once running_ is false
}

std::shared_ptr<PrinterSession> FarmCoordinator::makeSession(const std::string &name,
                                                             const std::string &device,
                                                             const std::string &usbfsNode) {
  return std::make_shared<PrinterSession>(name, device, usbfsNode, cfg_.spoolDir, cfg_.archiveDir, bus_);
}

bool FarmCoordinator::start() {
  std::lock_guard<std::mutex> lock(mu_);
  if (running_)
    return true;

  telemetry_ = std::make_shared<TelemetryPublisher>(cfg_.brokers, cfg_.topicPrefix);
  summaryProducer_ = kafka::createProducer(cfg_.brokers);
  pool_ = std::make_unique<WorkerPool>("attach", 2);
  scheduler_ = std::make_unique<JobScheduler>(registry_, bus_, 64, cfg_.uploadThreads);
  updater_ = std::make_unique<FirmwareUpdater>(cfg_.bootloaderDevice);

  for (const PrinterConfig &pc : cfg_.printers) {
    std::shared_ptr<PrinterSession> session = makeSession(pc.name, pc.device, pc.usbfsNode);
    if (!session->connect())
      log(pc.name + ": offline, waiting for it to be plugged in");
    registry_.add(session);
    if (!pc.camera.empty()) {
      auto camera = std::make_unique<CameraStream>(pc.name, pc.camera, cfg_.recordDir, telemetry_);
      if (camera->start())
        cameras_.emplace(pc.name, std::move(camera));
    }
  }

  subs_.push_back(bus_.subscribe("job-progress", [this](const Event &ev) {
    std::lock_guard<std::mutex> lk(mu_);
    if (!running_)
      return;
    telemetry_->publish(ev.printer, "job", ev.payload); // OK: stop() clears running_ under mu_ before it closes the publisher
  }));
  subs_.push_back(bus_.subscribe("job-started", [this](const Event &ev) {
    auto it = cameras_.find(ev.printer);
    if (it == cameras_.end() || !*it->second)
      return;
    it->second->rotate(); // one recording segment per job
  }));
  for (const char *alarm : {"chamber-overtemp", "enclosure-alarm"}) {
    subs_.push_back(bus_.subscribe(alarm, [this](const Event &ev) {
      log("alarm: " + ev.topic + " " + ev.payload + ", pausing the farm");
      bus_.publish({"pause-all", "", ev.payload});
    }));
  }

  hotplug_ = std::make_unique<UsbHotplugWatcher>(
      registry_, *pool_, bus_,
      [this](const std::string &name, const std::string &device) { return makeSession(name, device, {}); });
  if (!hotplug_->start())
    log("hotplug: netlink unavailable, new printers need a restart");
  if (!cfg_.enclosureDevice.empty()) {
    enclosure_ = std::make_unique<EnclosureMonitor>(cfg_.enclosureDevice, bus_);
    enclosure_->start();
  }
  if (!cfg_.chamberDevice.empty()) {
    chamber_ = std::make_unique<TemperatureWatch>(cfg_.chamberDevice, cfg_.chamberLimitC, bus_);
    if (!chamber_->start())
      log("chamber sensor " + cfg_.chamberDevice + " not found");
  }
  status_ = std::make_unique<StatusServer>(cfg_.controlSocket,
                                           [this](const std::string &line) { return handleCommand(line); });
  if (!status_->start())
    log("control socket " + cfg_.controlSocket + " unavailable");
  scheduler_->start();
  summaryThread_ = std::thread(&FarmCoordinator::summaryLoop, this, cfg_.topicPrefix + ".summary");
  running_ = true;
  return true;
}

void FarmCoordinator::stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (!running_)
      return;
    running_ = false;
  }
  status_->stop();    // no more operator commands
  scheduler_->stop(); // dispatcher joined, uploads finished
  pool_->shutdown(); // SAME: attach_race
  hotplug_->stop();
  for (auto &entry : cameras_)
    entry.second->stop(); // capture threads joined
  telemetry_->close(); // OK: the scheduler, the attach pool, the cameras and the control socket that publish through it are stopped and joined
  publishShutdownSummary(); // BUG: use-after-close #offline_note

  summaryProducer_->close(); // SAME: summary_race
  {
    std::lock_guard<std::mutex> lock(summaryMu_);
    summaryStop_ = true;
  }
  summaryCv_.notify_all();
  if (summaryThread_.joinable())
    summaryThread_.join();

  if (chamber_)
    chamber_->stop();
  if (enclosure_)
    enclosure_->stop();
  for (EventBus::SubscriptionId id : subs_)
    bus_.unsubscribe(id);
  subs_.clear();
  registry_.closeAll();
}

void FarmCoordinator::reload(const FarmConfig &cfg) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!running_)
    return;
  if (cfg.topicPrefix != cfg_.topicPrefix) {
    // A publisher is bound to its topic prefix: start a fresh one for the new prefix.
    telemetry_->close();
    telemetry_ = std::make_shared<TelemetryPublisher>(cfg.brokers, cfg.topicPrefix);
  } else if (cfg.brokers != cfg_.brokers) {
    telemetry_->reconnect(cfg.brokers);
  }
  telemetry_->publish("farm", "config", "{\"event\":\"reloaded\"}"); // OK: either the fresh publisher or the old one reconnected, never the closed one
  cfg_.brokers = cfg.brokers;
  cfg_.topicPrefix = cfg.topicPrefix;
  log("configuration reloaded");
}

bool FarmCoordinator::quitRequested() const {
  return status_ && status_->quitRequested();
}

void FarmCoordinator::publishShutdownSummary() {
  const std::size_t printers = registry_.snapshot().size();
  telemetry_->publish("farm", "state", "{\"state\":\"offline\",\"printers\":" + std::to_string(printers) + "}"); // SAME: offline_note
}

std::string FarmCoordinator::buildSummary() const {
  std::ostringstream out;
  out << "{\"printers\":[";
  bool first = true;
  for (const std::shared_ptr<PrinterSession> &s : registry_.snapshot()) {
    out << (first ? "" : ",") << "{\"name\":\"" << s->name() << "\",\"state\":\""
        << toString(s->state()) << "\",\"job\":\"" << s->currentJob() << "\"}";
    first = false;
  }
  out << "]}";
  return out.str();
}

void FarmCoordinator::summaryLoop(std::string topic) {
  std::unique_lock<std::mutex> lock(summaryMu_);
  while (!summaryStop_) {
    summaryCv_.wait_for(lock, std::chrono::seconds(5), [this] { return summaryStop_; });
    if (summaryStop_)
      break;
    lock.unlock();
    const std::string summary = buildSummary();
    summaryProducer_->send({topic, summary}); // BUG: use-after-close #summary_race
    lock.lock();
  }
}

std::vector<std::string> FarmCoordinator::statusLines() const {
  std::vector<std::string> lines;
  for (const std::shared_ptr<PrinterSession> &s : registry_.snapshot()) {
    std::string line = s->name() + " " + toString(s->state());
    const std::string job = s->currentJob();
    if (!job.empty())
      line += " " + job;
    lines.push_back(line);
  }
  return lines;
}

void FarmCoordinator::log(const std::string &line) {
  std::fprintf(stderr, "printfarm: %s\n", line.c_str());
  std::lock_guard<std::mutex> lock(logMu_);
  log_.push_back(line);
  if (log_.size() > 500)
    log_.pop_front();
}

std::vector<std::string> FarmCoordinator::handleCommand(const std::string &line) {
  std::istringstream in(line);
  std::string cmd, arg;
  in >> cmd;
  std::getline(in >> std::ws, arg);

  if (cmd == "status")
    return statusLines();
  if (cmd == "tail") {
    std::lock_guard<std::mutex> lock(logMu_);
    return {log_.begin(), log_.end()};
  }
  if (cmd == "quit")
    return {"bye"};
  if (cmd == "estop") {
    bus_.publish({"estop", "", "{\"by\":\"operator\"}"});
    return {"ok"};
  }
  if (cmd == "pause-all") {
    bus_.publish({"pause-all", "", "{\"by\":\"operator\"}"});
    return {"ok"};
  }
  if (cmd == "gcode-all") {
    registry_.broadcast(arg);
    return {"ok"};
  }
  if (cmd == "lights")
    return {enclosure_ && enclosure_->setLights(arg == "on") ? "ok" : "error: no enclosure"};
  if (cmd == "hold") {
    scheduler_->pause();
    return {"ok"};
  }
  if (cmd == "release") {
    scheduler_->resume();
    return {"ok"};
  }
  if (cmd == "promote")
    return {scheduler_->promote(arg) ? "ok" : "error: no such job"};
  if (cmd == "submit") {
    // submit <job-id> <path> [printer]
    std::istringstream args(arg);
    PrintJob job;
    args >> job.id >> job.gcodePath >> job.printer;
    if (job.id.empty() || job.gcodePath.empty())
      return {"error: submit <job-id> <path> [printer]"};
    return {scheduler_->submit(job) ? "ok" : "error: queue full or stopping"};
  }
  if (cmd == "flash-all") {
    std::istringstream args(arg);
    std::string image, device;
    args >> image;
    std::vector<std::string> devices;
    while (args >> device)
      devices.push_back(device);
    if (!updater_->loadImage(image))
      return {"error: bad image " + image};
    return {updater_->flashAll(devices) ? "ok" : "error: see log"};
  }

  // Commands on one printer: <cmd> <printer>
  std::shared_ptr<PrinterSession> session = registry_.find(arg);
  if (!session)
    return {"error: no printer '" + arg + "'"};
  if (cmd == "done")
    session->finishJob();
  else if (cmd == "cancel")
    session->cancelJob();
  else if (cmd == "recover")
    session->recoverFromStall();
  else if (cmd == "retire")
    registry_.remove(arg);
  else if (cmd == "reboot")
    session->withPort([this](SerialPort &port) { updater_->rebootBoard(port); });
  else
    return {"error: unknown command '" + cmd + "'"};
  return {"ok"};
}

} // namespace printfarm
