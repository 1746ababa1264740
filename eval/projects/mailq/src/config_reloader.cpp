// Config parsing and the ConfigReloader watcher thread (see config.h, config_reloader.h).
#include "mailq/config_reloader.h"

#include <cstdio>
#include <exception>
#include <sstream>
#include <stdexcept>
#include <utility>

#include <sys/stat.h>

#include "mailq/log.h"

namespace mailq {

namespace {

std::string trim(const std::string &s) {
  const std::size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos)
    return {};
  const std::size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

std::string timestamp() {
  char buf[32];
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&now, &tm);
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

} // namespace

Config parseConfig(std::istream &in) {
  Config c;
  std::string raw;
  int lineNo = 0;
  while (std::getline(in, raw)) {
    ++lineNo;
    const std::string line = trim(raw.substr(0, raw.find('#')));
    if (line.empty())
      continue;
    const std::size_t eq = line.find('=');
    if (eq == std::string::npos)
      throw std::invalid_argument("line " + std::to_string(lineNo) + ": expected key = value");
    const std::string key = trim(line.substr(0, eq));
    const std::string value = trim(line.substr(eq + 1));
    try {
      if (key == "workers")
        c.workers = static_cast<unsigned>(std::stoul(value));
      else if (key == "brokers")
        c.brokers = value;
      else if (key == "helo")
        c.helo = value;
      else if (key == "smtp_port")
        c.smtpPort = static_cast<std::uint16_t>(std::stoul(value));
      else if (key == "max_idle_seconds")
        c.maxIdleSeconds = std::stoi(value);
      else if (key == "rate_per_second")
        c.ratePerSecond = std::stod(value);
      else if (key == "burst")
        c.burst = std::stod(value);
      else if (key == "max_attempts")
        c.maxAttempts = std::stoi(value);
      else if (key == "metrics_interval_seconds")
        c.metricsIntervalSeconds = std::stoi(value);
      else
        throw std::invalid_argument("unknown key " + key);
    } catch (const std::invalid_argument &) {
      throw std::invalid_argument("line " + std::to_string(lineNo) + ": bad value for " + key);
    } catch (const std::out_of_range &) {
      throw std::invalid_argument("line " + std::to_string(lineNo) + ": value out of range for " + key);
    }
  }
  if (c.workers == 0 || c.maxAttempts <= 0 || c.ratePerSecond <= 0)
    throw std::invalid_argument("workers, max_attempts and rate_per_second must be positive");
  return c;
}

void writeConfig(std::ostream &out, const Config &c) {
  out << "# generation " << c.generation << "\n"
      << "workers = " << c.workers << "\n"
      << "brokers = " << c.brokers << "\n"
      << "helo = " << c.helo << "\n"
      << "smtp_port = " << c.smtpPort << "\n"
      << "max_idle_seconds = " << c.maxIdleSeconds << "\n"
      << "rate_per_second = " << c.ratePerSecond << "\n"
      << "burst = " << c.burst << "\n"
      << "max_attempts = " << c.maxAttempts << "\n"
      << "metrics_interval_seconds = " << c.metricsIntervalSeconds << "\n";
}

Config ConfigReloader::loadFile(const std::string &path) {
  std::ifstream in(path);
  if (!in)
    throw std::runtime_error("cannot read config " + path);
  return parseConfig(in);
}

ConfigReloader::ConfigReloader(std::string path, const std::string &changelogPath,
                               std::chrono::seconds interval)
    : path_(std::move(path)), interval_(interval) {
  current_ = loadFile(path_);
  struct stat st {};
  if (::stat(path_.c_str(), &st) == 0)
    lastMtime_ = st.st_mtime;
  changelog_.open(changelogPath, std::ios::out | std::ios::app);
  if (!changelog_.is_open())
    throw std::runtime_error("cannot open config change log " + changelogPath);
}

ConfigReloader::~ConfigReloader() {
  stop();
}

Config ConfigReloader::current() const {
  std::lock_guard<std::mutex> lk(mu_);
  return current_;
}

void ConfigReloader::onReload(Listener listener) {
  std::lock_guard<std::mutex> lk(mu_);
  listeners_.push_back(std::move(listener));
}

void ConfigReloader::start() {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopping_ || watcher_.joinable())
    return;
  watcher_ = std::thread([this] { run(); });
}

void ConfigReloader::run() {
  std::unique_lock<std::mutex> lk(mu_);
  while (!stopping_) {
    if (cv_.wait_for(lk, interval_, [this] { return stopping_; }))
      break;
    lk.unlock();
    checkOnce();
    lk.lock();
  }
}

void ConfigReloader::checkOnce() {
  struct stat st {};
  if (::stat(path_.c_str(), &st) != 0 || st.st_mtime == lastMtime_)
    return;
  lastMtime_ = st.st_mtime;

  Config next;
  try {
    next = loadFile(path_);
  } catch (const std::exception &e) {
    logWarn("config: " + path_ + " rejected, keeping the current config: " + e.what());
    return;
  }
  std::vector<Listener> listeners;
  {
    std::lock_guard<std::mutex> lk(mu_);
    next.generation = current_.generation + 1;
    current_ = next;
    listeners = listeners_;
  }
  changelog_ << timestamp() << " generation " << next.generation << " loaded from " << path_ << std::endl; // BUG: use-after-close #changelog_close
  for (const Listener &l : listeners) {
    try {
      l(next);
    } catch (const std::exception &e) {
      logError(std::string("config: reload listener failed: ") + e.what());
    }
  }
  saveLastGood(next);
}

void ConfigReloader::saveLastGood(const Config &c) {
  const std::string finalPath = path_ + ".last-good";
  const std::string tmp = finalPath + ".tmp";
  std::ofstream out(tmp, std::ios::out | std::ios::trunc);
  writeConfig(out, c);
  out.close();
  if (out.fail()) {
    logWarn("config: cannot save " + finalPath);
    std::remove(tmp.c_str());
    return;
  }
  std::rename(tmp.c_str(), finalPath.c_str());
}

void ConfigReloader::stop() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopping_)
      return;
    stopping_ = true;
  }
  cv_.notify_all();
  changelog_.close(); // SAME: changelog_close
  if (watcher_.joinable())
    watcher_.join();
}

} // namespace mailq
