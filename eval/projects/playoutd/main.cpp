// playoutd: reads /etc/playoutd.conf (key = value lines), builds the air
// chain, runs the automation loop until SIGTERM/SIGINT or the end of a
// part-time broadcast day, then shuts the chain down in stages. SIGHUP
// reloads the programme sheet; SIGUSR1 dumps the recent air log for the
// engineer on duty. Correct as written: HourPips ignores marks once its
// journal is closed, and Airchain::shutdown() runs only once.
#include "timecode.h"
#include "airchain.h"
#include "hour_pips.h"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <exception>
#include <fstream>
#include <memory>
#include <string>

namespace {

std::string trim(const std::string &s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos)
    return {};
  const auto e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

bool loadOptions(const std::string &path, AirchainOptions &opts) {
  std::ifstream in(path);
  if (!in)
    return false;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#')
      continue;
    const auto eq = line.find('=');
    if (eq == std::string::npos)
      continue;
    const std::string key = trim(line.substr(0, eq));
    const std::string value = trim(line.substr(eq + 1));
    if (key == "sheet")
      opts.sheetPath = value;
    else if (key == "spots")
      opts.spotsPath = value;
    else if (key == "asrun_dir")
      opts.asrunDir = value;
    else if (key == "brokers")
      opts.brokers = value;
    else if (key == "stl_host")
      opts.stlHost = value;
    else if (key == "stl_backup_host")
      opts.stlBackupHost = value;
    else if (key == "matrix_host")
      opts.matrixHost = value;
    else if (key == "mpx_card")
      opts.mpxCards.push_back(value);
    else if (key == "deck_a_fd")
      opts.deckAFd = std::atoi(value.c_str());
    else if (key == "deck_b_fd")
      opts.deckBFd = std::atoi(value.c_str());
    else if (key == "cart_fd")
      opts.cartFd = std::atoi(value.c_str());
    else if (key == "webstream_fd")
      opts.webstreamFd = std::atoi(value.c_str());
    else if (key == "sign_off_hour")
      opts.signOffHour = std::atoi(value.c_str());
  }
  return true;
}

int localHour() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  ::localtime_r(&t, &tm);
  return tm.tm_hour;
}

} // namespace

int main(int argc, char **argv) {
  const std::string confPath = argc > 1 ? argv[1] : "/etc/playoutd.conf";
  AirchainOptions opts;
  if (!loadOptions(confPath, opts)) {
    std::fprintf(stderr, "playoutd: cannot read %s\n", confPath.c_str());
    return 2;
  }

  sigset_t wanted;
  sigemptyset(&wanted);
  sigaddset(&wanted, SIGTERM);
  sigaddset(&wanted, SIGINT);
  sigaddset(&wanted, SIGUSR1);
  sigaddset(&wanted, SIGHUP);
  pthread_sigmask(SIG_BLOCK, &wanted, nullptr);

  std::unique_ptr<Airchain> chain;
  try {
    chain = std::make_unique<Airchain>(opts);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "playoutd: %s\n", e.what());
    return 1;
  }
  if (!chain->start()) {
    std::fprintf(stderr, "playoutd: air chain did not start\n");
    chain->shutdown();
    return 1;
  }

  const timespec tickEvery{0, 10 * 1000 * 1000};
  for (;;) {
    const int sig = sigtimedwait(&wanted, nullptr, &tickEvery);
    if (sig == SIGTERM || sig == SIGINT)
      break;
    if (sig == SIGUSR1) {
      chain->dumpAirlog(opts.asrunDir + "/airlog-dump.txt");
      continue;
    }
    if (sig == SIGHUP) {
      chain->reloadProgramme(opts.sheetPath);
      continue;
    }
    if (opts.signOffHour >= 0 && localHour() == opts.signOffHour) {
      chain->closeBroadcastDay(hourStamp());
      break;
    }
    chain->tick();
  }

  chain->shutdown();
  HourPips::instance().mark("playoutd exit"); // OK: mark() ignores the journal closed by shutdown()
  chain.reset(); // OK: the destructor's shutdown() returns at once
  return 0;
}
