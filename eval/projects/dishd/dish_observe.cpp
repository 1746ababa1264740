// The observing loop and the operations it runs: scans, band set-up,
// bandpass calibration, end of session, gust handling, cryostat
// regeneration, receiver service and the periodic shift-log archive.
#include "dish.h"

#include "bandpass_ascii.h"
#include "detector_copies.h"
#include "digitizer_arming.h"
#include "maintenance.h"

#include <chrono>
#include <ctime>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace {
double mjdNow() {
  return static_cast<double>(std::time(nullptr)) / 86400.0 + 40587.0;
}

bool isCalibrator(const std::string &source) {
  return source.rfind("3C", 0) == 0 || source == "CasA" || source == "CygA";
}

Spectrum powerSpectrum(const std::vector<std::int16_t> &raw, double mjd) {
  constexpr std::size_t kBins = 256;
  Spectrum s;
  s.mjd = mjd;
  s.power.assign(kBins, 0.0f);
  for (std::size_t i = 0; i < raw.size(); ++i)
    s.power[i % kBins] += static_cast<float>(raw[i]) * raw[i];
  return s;
}

void compressArchive(const std::string &path) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::execlp("gzip", "gzip", "-9", path.c_str(), static_cast<char *>(nullptr));
    ::_exit(127);
  }
  if (pid > 0) {
    int status = 0;
    ::waitpid(pid, &status, 0);
  }
}
} // namespace

void Dish::observe(const std::atomic<bool> &quit) {
  using Clock = std::chrono::steady_clock;
  auto idleSince = Clock::now();
  auto nextArchive = Clock::now() + std::chrono::hours(12);

  while (!quit.load() && !agenda_.closed()) {
    if (gusts_ && gusts_->gusting() && !mount_->halted()) {
      onGust(gusts_->lastSpeed());
      continue;
    }
    std::optional<ScanRequest> scan = agenda_.next(std::chrono::milliseconds(500)); // OK
    if (!scan) {
      delays_.heartbeat();
      if (sessionOpen_ && Clock::now() - idleSince > std::chrono::minutes(30))
        endSession();
      if (Clock::now() > nextArchive) {
        archiveShiftLog(); // OK
        nextArchive = Clock::now() + std::chrono::hours(24);
      }
      continue;
    }
    idleSince = Clock::now();
    if (scan->source == "BANDPASS") {
      calibrateBandpass(cfg_.text("dishd", "data_dir", "/data/dishd") +
                        "/bandpass.txt");
    } else if (scan->source == "SERVICE") {
      inbox_->pause();
      pauseCryoPolling("receiver service");
      cycleReceiver(directory_, shiftlog_);
      resumeCryoPolling();
      inbox_->resume();
    } else {
      executeScan(*scan);
    }
    if (poller_) {
      const double kelvin = poller_->lastKelvin();
      housekeeping_.sample("cold_head_k", kelvin);
      if (kelvin > cfg_.number("cryostat", "regen_kelvin", 40.0))
        regenerateCryostat();
    }
  }
}

void Dish::executeScan(const ScanRequest &scan) {
  if (mount_->parked() || mount_->halted()) {
    shiftlog_.append("scan of " + scan.source + " skipped: drives unavailable");
    return;
  }
  follower_.follow(scan.source, scan.raDeg, scan.decDeg);
  const auto [az, el] = follower_.lastCommanded();
  mount_->point(az, el); // OK
  follower_.onSettled();

  try {
    armOrRelease(digitizer_, 4096);
  } catch (const DigitizerFault &fault) {
    shiftlog_.append(fault.what());
    board_.raise({Alarm::Severity::Minor, "digitizer", fault.what()});
    return;
  }

  distributor_.announce(scan.source + " " + std::to_string(scan.seconds));
  DelayModel model = DelayModel::zero(scan.source);
  model.epochMjd = mjdNow();
  delays_.publishLive(model);

  integrator_.begin(scan.source, model.epochMjd);
  const auto until = std::chrono::steady_clock::now() +
                     std::chrono::seconds(scan.seconds);
  double counts = 0.0;
  long blocks = 0;
  while (std::chrono::steady_clock::now() < until) {
    const std::vector<std::int16_t> block = digitizer_.readBlock(); // OK
    integrator_.accumulate(block);
    for (std::int16_t v : block)
      counts += v < 0 ? -v : v;
    ++blocks;
  }
  integrator_.end();

  tonight_.push_back({scan.source, static_cast<double>(scan.seconds),
                      blocks > 0 ? counts / blocks : 0.0});
  if (isCalibrator(scan.source))
    calibratorsTonight_.push_back(scan.source);
  sessionOpen_ = true;
}

void Dish::applyBand(const BandSetup &band) {
  if (band.synthPowerCycle) {
    // The multiplier chain of this band needs the synthesizer power-cycled by
    // hand; the operator re-locks it from the console afterwards.
    lo_.close();
    shiftlog_.append("band " + band.name +
                     ": power-cycle the LO synthesizer, then RELOCK");
  }
  if (lo_)
    lo_.tune(band.loGhz); // OK
  shiftlog_.append("band " + band.name + " LO locked: " + (lo_.locked() ? "yes" : "NO")); // BUG: use-after-close #lo-lock
}

void Dish::calibrateBandpass(const std::string &outPath) {
  DetectorHandle detector(cfg_.text("detector", "device", "/dev/tpd0"));
  crossCheckDetector(detector, shiftlog_);

  try {
    armOrRelease(digitizer_, 8192);
  } catch (const DigitizerFault &fault) {
    shiftlog_.append(std::string("bandpass calibration: ") + fault.what());
    board_.raise({Alarm::Severity::Minor, "digitizer", fault.what()});
  }
  std::vector<Spectrum> spectra;
  for (int i = 0; i < 16; ++i) {
    const std::vector<std::int16_t> raw = digitizer_.readBlock(); // BUG: use-after-close
    spectra.push_back(powerSpectrum(raw, mjdNow()));
  }
  writeBandpassAscii(outPath, spectra, shiftlog_);
  writeBandpassIndex(outPath + ".idx", spectra);
}

void Dish::endSession() {
  const std::string last =
      tonight_.empty() ? std::string("none") : tonight_.back().source;
  distributor_.retire();
  delays_.publish(DelayModel::zero(last)); // BUG: use-after-close #delay-push
  integrator_.closeAll();
  const std::string dir = cfg_.text("dishd", "data_dir", "/data/dishd");
  writeDawnPrecis(chores_, dir + "/precis.txt", tonight_);
  appendCalibratorNotes(chores_, dir + "/calibrators.txt", calibratorsTonight_);
  tonight_.clear();
  calibratorsTonight_.clear();
  sessionOpen_ = false;
}

void Dish::onGust(double metresPerSecond) {
  const auto [az, el] = follower_.lastCommanded();
  mount_->halt();
  inbox_->pause();
  shiftlog_.append("gust of " + std::to_string(metresPerSecond) +
                   " m/s: drives halted, proposals held");
  if (metresPerSecond < cfg_.number("drives", "resume_below", 15.0)) {
    mount_->point(az, el); // BUG: use-after-close #mount-point
    inbox_->resume();
    return;
  }
  board_.raise({Alarm::Severity::Critical, "gust", "dish left halted"});
}

void Dish::regenerateCryostat() {
  // The controller only enters regeneration from a fresh session, and the
  // cryostat must not react to alarms while it is between sessions.
  board_.unsubscribe(&cryostat_);
  cryostat_.close();
  board_.raise({Alarm::Severity::Minor, "cryostat", "cold head offline for regeneration"}); // OK
  cryostat_.reconnect();
  board_.subscribe(&cryostat_);
  cryostat_.startRegeneration(); // OK
  shiftlog_.append("cryostat regeneration started");
}

void Dish::pauseCryoPolling(const std::string &why) {
  poller_.reset();
  shiftlog_.append("cryo polling paused (" + why + "), " + shell_.probe()); // BUG: use-after-close #diag-probe
}

void Dish::resumeCryoPolling() {
  compressorLine_->open(cfg_.text("compressor", "host", "hecomp.dish.local"),
                        cfg_.port("compressor", "port", 5030));
  shiftlog_.append("cryo polling resumed, " + shell_.probe()); // OK
  poller_ = std::make_unique<CryoPoller>(
      compressorLine_, board_, std::chrono::seconds(10),
      cfg_.number("compressor", "warn_kelvin", 25.0));
}

void Dish::archiveShiftLog() {
  const std::string archive =
      shiftlog_.path() + "." + std::to_string(std::time(nullptr));
  shiftlog_.rotate(archive);
  chores_.push([archive] { compressArchive(archive); }); // SAME: archive-chore
}
