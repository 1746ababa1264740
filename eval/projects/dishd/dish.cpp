// Dish construction and destruction: builds every component from the
// settings and wires them together (alarm subscriptions, shared correlator
// lines, subsystem directory, proposal handler).
#include "dish.h"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <fcntl.h>
#include <system_error>
#include <unistd.h>

namespace {
std::vector<std::unique_ptr<AxisDrive>> makeAxes(const DishSettings &cfg) {
  std::vector<std::unique_ptr<AxisDrive>> axes;
  const std::string plc = cfg.text("drives", "plc_host", "plc.dish.local");
  axes.push_back(
      std::make_unique<AzimuthAxis>(plc, cfg.port("drives", "az_port", 5020)));
  axes.push_back(std::make_unique<ElevationAxis>(
      plc, cfg.port("drives", "el_port", 5021)));
  const std::string tty = cfg.text("drives", "turret_tty", "/dev/ttyS2");
  const int fd = ::open(tty.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    throw std::system_error(errno, std::generic_category(), tty);
  axes.push_back(std::make_unique<FeedTurretAxis>(fd));
  return axes;
}

BandSetup bandFromSettings(const DishSettings &cfg) {
  BandSetup band;
  band.name = cfg.text("band", "name", "L");
  band.loGhz = cfg.number("band", "lo_ghz", 1.2);
  band.synthPowerCycle = cfg.text("band", "synth_power_cycle", "no") == "yes";
  return band;
}
} // namespace

Dish::Dish(const DishSettings &cfg)
    : cfg_(cfg),
      shiftlog_(cfg.text("dishd", "shift_log", "/var/log/dishd/shift.log")),
      cryostat_(cfg.text("cryostat", "host", "cryo.dish.local"),
                cfg.port("cryostat", "port", 5025)),
      lna_(cfg.text("lna", "host", "bias.dish.local"),
           cfg.port("lna", "port", 5026),
           static_cast<int>(cfg.number("lna", "channels", 4))),
      lo_(cfg.text("lo", "host", "synth.dish.local"),
          cfg.port("lo", "port", 5027)),
      mount_(std::make_unique<MountDriver>(makeAxes(cfg))),
      follower_(cfg.text("pcu", "host", "pcu.dish.local"),
                cfg.port("pcu", "port", 4100)),
      worker_(std::make_unique<ChoreWorker>(chores_)),
      housekeeping_(cfg.text("kafka", "brokers", "kafka.obs.local:9092"),
                    cfg.text("kafka", "hk_topic", "dishd.housekeeping")),
      fringes_(std::make_unique<EventChannel>()),
      digitizer_(cfg.text("digitizer", "device", "/dev/adc0")),
      distributor_(shiftlog_),
      delays_(shiftlog_, std::chrono::seconds(static_cast<long>(
                             cfg.number("correlator", "silence_s", 30)))),
      integrator_(cfg.text("dishd", "data_dir", "/data/dishd")),
      compressorLine_(std::make_shared<NetLine>(
          cfg.text("compressor", "host", "hecomp.dish.local"),
          cfg.port("compressor", "port", 5030))) {
  board_.subscribe(&cryostat_);
  board_.subscribe(&lna_);
  housekeeping_.attach(board_);
  fringes_.attach(board_);

  // One line per correlator node, shared by the baseband distributor and the
  // delay server.
  for (const std::string &node : cfg_.list("correlator", "nodes")) {
    auto line = std::make_shared<NetLine>(node,
                                          cfg_.port("correlator", "port", 7100));
    distributor_.addSink(line);
    delays_.addPeer(line);
  }

  shell_.attachCompressor(compressorLine_);
  poller_ = std::make_unique<CryoPoller>(
      compressorLine_, board_, std::chrono::seconds(10),
      cfg_.number("compressor", "warn_kelvin", 25.0));
  gusts_ = std::make_unique<GustWatch>(
      cfg_.text("anemometer", "host", "wind.dish.local"),
      cfg_.port("anemometer", "port", 4001), board_,
      cfg_.number("drives", "gust_limit", 20.0));

  directory_.add(oscillatorSubsystem(lo_));
  directory_.add(cryostatSubsystem(cryostat_));
  directory_.add(digitizerSubsystem(digitizer_));

  applyBand(bandFromSettings(cfg_));

  inbox_ = std::make_unique<ProposalInbox>(
      rdkshim::makeConsumer(cfg_.text("kafka", "brokers", "kafka.obs.local:9092"),
                            cfg_.text("kafka", "group", "dishd")),
      [this](const std::string &verb, const std::string &arg) {
        handleProposal(verb, arg);
      });
  inbox_->start({cfg_.text("kafka", "proposal_topic", "dishd.proposals")});
  shiftlog_.append("dishd wired, " + std::to_string(distributor_.liveSinks()) +
                   " correlator nodes");
}

Dish::~Dish() {
  try {
    shutdown();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "dishd: shutdown failed: %s\n", e.what());
  }
  if (shiftlog_.isOpen())
    shiftlog_.append("dish object destroyed"); // OK
}

// Runs on the proposal inbox's thread; only touches thread-safe members.
void Dish::handleProposal(const std::string &verb, const std::string &arg) {
  if (verb == "SCAN") {
    agenda_.enqueue(parseScan(arg)); // SAME: late-scan
  } else if (verb == "CANCEL") {
    agenda_.cancel(arg); // OK
  } else {
    std::fprintf(stderr, "dishd: ignoring proposal verb %s\n", verb.c_str());
  }
}
