// The stage house: the constructor loads the plot and wires every subsystem
// (prompt book, drive bus and fly rail, callboard components, telemetry,
// front of house, desk consumer, go line, safety loop); run() is the main
// loop; the destructor tears the desk path down.
#include "stagehouse.h"
#include "promptbook.h"

#include <ctime>
#include <stdexcept>
#include <thread>

namespace cued {

Stagehouse::Stagehouse(const std::string &plotPath) : plotPath_(plotPath) {
  if (!plot_.load(plotPath))
    throw std::runtime_error(plot_.error());
  const ShowSettings &cfg = plot_.settings();

  promptBook().open(cfg.bookPath);
  promptBook().record("cued", "loading " + plotPath);

  bus_ = std::make_shared<DriveBus>(cfg.busDevice, cfg.busBaud);
  flyrail_ = std::make_unique<Flyrail>(plot_, bus_);

  revolve_ = std::make_shared<Revolve>(flyrail_->share("REV"), cfg.revolveHome);
  lights_ = std::make_shared<HouseLights>(cfg.lightingHost, cfg.lightingPort, beat_);
  hazer_ = std::make_shared<Hazer>(cfg.hazerDevice, beat_);
  spot_ = std::make_shared<Followspot>(cfg.spotHost, cfg.spotPort);
  board_.add(revolve_);
  board_.add(lights_);
  board_.add(hazer_);
  board_.add(spot_);

  feed_ = std::make_unique<ShowFeed>(cfg.brokers, cfg.positionTopic, [this] {
    return flyrail_ ? flyrail_->snapshot() : ShowFeed::Positions{};
  });
  feed_->attach(beat_, std::chrono::milliseconds(250));
  foh_ = std::make_unique<FohNotifier>(fohChannel_);
  foh_->attach(beat_);
  tally_ = std::make_unique<ShowTally>(promptBook().fd());
  presets_ = std::make_unique<PresetStore>(cfg.presetPath);
  presets_->load();

  player_.open(cfg.stackPath, cfg.cueLogPath);
  player_.onGo([this](const std::string &cue) {
    feed_->publishCue(cue);
    foh_->post("cue " + cue);
    tally_->countCue(cue);
  });

  deskConsumer_ = deskwire::makeConsumer(cfg.brokers, "cued-desk");
  bridge_ = std::make_unique<DeskBridge>(deskConsumer_.get(), board_, player_);
  goLine_ = std::make_unique<GoLine>(*bridge_);
  inbox_ = std::make_unique<TabletInbox>(
      *deskConsumer_, std::vector<std::string>{cfg.deskTopic},
      [this](const DeskCommand &cmd) {
        if (!goLine_->offer(cmd))
          promptBook().record("desk", "dropped " + cmd.target + " " + cmd.verb);
      });

  safety_.connect(cfg.plcHost, cfg.plcPort);
  timers_.push_back(beat_.every(std::chrono::milliseconds(100),
                                [this] { safety_.heartbeat(); }));

  board_.startAll();
  goLine_->start();
  inbox_->start();
  foh_->post("house: stage ready");
  promptBook().record("cued", "stage ready");
}

Stagehouse::~Stagehouse() {
  for (const Beatkeeper::Token t : timers_)
    beat_.cancel(t);
  hands_.cancelPending();
  hands_.drain();
  goLine_->stop();
  inbox_.reset();
  bridge_.reset(); // BUG: double-close #deskclose
}

void Stagehouse::run(const std::atomic<bool> &stopRequested,
                     std::atomic<int> &requests) {
  unsigned ticks = 0;
  while (!stopRequested.load()) {
    beat_.pump(Beatkeeper::Clock::now());
    if (!downed_ && !safety_.armed())
      emergencyStop("safety loop dropped");
    const auto request = static_cast<Request>(requests.exchange(0));
    if (!downed_) {
      switch (request) {
      case Request::Interval: intermission(); break;
      case Request::Resume: resume(); break;
      case Request::Reload: reloadPlot(); break;
      case Request::Handover: handoverDesk(); break;
      case Request::Maintenance: maintenanceWindow(); break;
      case Request::None: break;
      }
    }
    if (inbox_ && ++ticks % 100 == 0)
      bridge_->commitProcessed(); // OK: only while the inbox still holds the consumer open
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

void Stagehouse::settle(std::chrono::seconds limit) {
  const auto deadline = Beatkeeper::Clock::now() + limit;
  while (flyrail_->moving() && Beatkeeper::Clock::now() < deadline) {
    beat_.pump(Beatkeeper::Clock::now());
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  beat_.pump(Beatkeeper::Clock::now());
}

std::string Stagehouse::archiveName() const {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  ::localtime_r(&now, &local);
  char buf[48];
  std::strftime(buf, sizeof buf, ".%Y%m%d-%H%M", &local);
  return plot_.settings().bookPath + buf;
}

} // namespace cued
