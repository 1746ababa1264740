// logship: ships log files to upstream collectors.
//
//   logship run -c FILE [--log-file F] [--pid-file F]
//       runs the agent; commands are read from stdin, one per line:
//       status | flush | reload | reopen-log | stop | quit
//   logship replay --spool DIR --to HOST:PORT [--backup]
//       sends what is spooled in DIR to HOST:PORT and exits
//   logship check -c FILE [-o OUT]
//       validates a config file and prints it normalised
#include "logship/agent.h"
#include "logship/config.h"
#include "logship/log.h"
#include "logship/spool.h"
#include "logship/upstream.h"
#include "logship/util.h"

#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <iostream>
#include <string>
#include <unistd.h>

using namespace logship;

namespace {

const char kEndOfReplay[] = "END-OF-REPLAY";

struct Options {
  std::string command;
  std::string configPath = "/etc/logship.conf";
  std::string logFile;
  std::string pidFile;
  std::string spoolDir = "/var/spool/logship";
  std::string output;
  Endpoint target;
  bool backup = false;
};

volatile std::sig_atomic_t g_interrupted = 0;

void onSignal(int) { g_interrupted = 1; }

void usage() {
  std::fprintf(stderr, "usage: logship run -c FILE [--log-file F] [--pid-file F]\n"
                       "       logship replay --spool DIR --to HOST:PORT [--backup]\n"
                       "       logship check -c FILE [-o OUT]\n");
}

bool parseArgs(int argc, char **argv, Options *opt) {
  if (argc < 2)
    return false;
  opt->command = argv[1];
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&](std::string *dst) {
      if (i + 1 >= argc)
        return false;
      *dst = argv[++i];
      return true;
    };
    std::string to;
    if ((a == "-c" || a == "--config") && value(&opt->configPath))
      continue;
    if (a == "--log-file" && value(&opt->logFile))
      continue;
    if (a == "--pid-file" && value(&opt->pidFile))
      continue;
    if (a == "--spool" && value(&opt->spoolDir))
      continue;
    if ((a == "-o" || a == "--output") && value(&opt->output))
      continue;
    if (a == "--to" && value(&to) && parseEndpoint(to, &opt->target))
      continue;
    if (a == "--backup") {
      opt->backup = true;
      continue;
    }
    std::fprintf(stderr, "logship: bad argument '%s'\n", a.c_str());
    return false;
  }
  return true;
}

bool writePidFile(const std::string &path) {
  if (path.empty())
    return true;
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    return false;
  const std::string pid = std::to_string(::getpid()) + "\n";
  if (!util::writeFully(fd, pid.data(), pid.size()))
    return false; // writeFully closed fd
  return ::close(fd) == 0; // OK: reached only when writeFully succeeded, fd still open
}

void printStatus(const AgentStatus &s) {
  std::printf("running=%d upstream_open=%d upstreams=%zu files=%zu spooled=%zu queued=%zu "
              "config_generation=%zu\n",
              s.running, s.upstreamOpen, s.upstreams, s.files, s.spooled, s.queuedTasks,
              s.configGeneration);
  std::fflush(stdout);
}

void controlLoop(Agent &agent, const Options &opt) {
  std::string line;
  while (!g_interrupted && std::getline(std::cin, line)) {
    const std::string cmd = util::trim(line);
    if (cmd.empty())
      continue;
    try {
      if (cmd == "status") {
        printStatus(agent.status());
      } else if (cmd == "flush") {
        agent.flush();
      } else if (cmd == "reload") {
        std::puts(agent.reload() ? "reloaded" : "unchanged");
      } else if (cmd == "reopen-log") {
        if (!opt.logFile.empty() && !log::reopen(opt.logFile))
          std::fprintf(stderr, "logship: cannot reopen %s\n", opt.logFile.c_str());
      } else if (cmd == "stop") {
        // Stops shipping but keeps the control loop, so that the operator
        // can still look at the status before quitting.
        agent.stop();
      } else if (cmd == "quit" || cmd == "exit") {
        break;
      } else {
        std::fprintf(stderr, "logship: unknown command '%s'\n", cmd.c_str());
      }
    } catch (const std::exception &e) {
      std::fprintf(stderr, "logship: %s failed: %s\n", cmd.c_str(), e.what());
    }
  }
}

int cmdRun(const Options &opt) {
  std::string err;
  std::optional<Config> cfg = loadConfig(opt.configPath, &err);
  if (!cfg) {
    std::fprintf(stderr, "logship: %s\n", err.c_str());
    return 2;
  }
  if (!opt.logFile.empty() && !log::init(opt.logFile)) {
    std::fprintf(stderr, "logship: cannot open log file %s\n", opt.logFile.c_str());
    return 2;
  }
  if (!writePidFile(opt.pidFile))
    log_warn("logship: cannot write pid file %s", opt.pidFile.c_str());

  Agent agent(*cfg, opt.configPath);
  if (!agent.start())
    return 1;
  controlLoop(agent, opt);
  agent.stop(); // OK: stop() is idempotent (the "stop" command may have run it already)
  if (!opt.pidFile.empty())
    std::remove(opt.pidFile.c_str());
  return 0;
}

int cmdReplay(const Options &opt) {
  if (opt.target.host.empty()) {
    usage();
    return 2;
  }
  Spool spool(opt.spoolDir, SIZE_MAX);
  if (!spool.open()) {
    std::fprintf(stderr, "logship: cannot open spool %s\n", opt.spoolDir.c_str());
    return 2;
  }
  if (opt.backup && !spool.snapshot(opt.spoolDir + "/current.spool.bak"))
    std::fprintf(stderr, "logship: backup failed, replaying anyway\n");

  UpstreamConnection conn("replay", opt.target);
  if (!conn.connect()) {
    std::fprintf(stderr, "logship: cannot connect to %s\n", opt.target.str().c_str());
    return 1;
  }
  const std::size_t sent = spool.replay([&conn](const std::string &rec) {
    const ErrorCode ec = conn.sendWithRetry(rec, 3);
    if (ec == ErrorCode::Ok)
      return true;
    std::fprintf(stderr, "logship: replay stopped: %s\n", toString(ec));
    if (!conn.closed())
      conn.close(); // OK: send() closes the connection itself on PeerClosed, hence the check
    return false;
  });
  std::printf("replayed %zu records, %zu left\n", sent, spool.pending());
  if (conn.send(kEndOfReplay) != ErrorCode::Ok) // BUG: use-after-close
    std::fprintf(stderr, "logship: end-of-replay marker not delivered\n");
  if (!conn.closed())
    conn.close(); // OK: guarded by closed()
  spool.close();
  return spool.pending() == 0 ? 0 : 1; // OK: pending() reads a counter, valid after close()
}

int cmdCheck(const Options &opt) {
  std::string err;
  std::optional<Config> cfg = loadConfig(opt.configPath, &err);
  if (!cfg) {
    std::fprintf(stderr, "logship: %s\n", err.c_str());
    return 1;
  }
  std::FILE *out = opt.output.empty() ? stdout : std::fopen(opt.output.c_str(), "w");
  if (!out) {
    std::fprintf(stderr, "logship: cannot write %s: %s\n", opt.output.c_str(),
                 std::strerror(errno));
    return 1;
  }
  dumpConfig(*cfg, out);
  if (out != stdout)
    std::fclose(out);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  Options opt;
  if (!parseArgs(argc, argv, &opt)) {
    usage();
    return 2;
  }
  std::signal(SIGINT, onSignal);
  std::signal(SIGTERM, onSignal);
  std::signal(SIGPIPE, SIG_IGN);

  int rc = 2;
  try {
    if (opt.command == "run")
      rc = cmdRun(opt);
    else if (opt.command == "replay")
      rc = cmdReplay(opt);
    else if (opt.command == "check")
      rc = cmdCheck(opt);
    else
      usage();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "logship: fatal: %s\n", e.what());
    rc = 1;
  }
  log::shutdown();
  if (rc != 0)
    log_error("logship: exiting with status %d", rc); // BUG: use-after-close #late-log
  return rc;
}
