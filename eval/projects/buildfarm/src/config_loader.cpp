#include "buildfarm/config_loader.h"

#include <fstream>
#include <stdexcept>
#include <string>

namespace buildfarm {
namespace {

std::string trim(const std::string &s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos)
    return "";
  const auto e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

std::string resolve(const std::string &including, const std::string &included) {
  if (!included.empty() && included.front() == '/')
    return included;
  const auto slash = including.rfind('/');
  return slash == std::string::npos ? included
                                    : including.substr(0, slash + 1) + included;
}

} // namespace

AgentConfig ConfigLoader::load(const std::string &path) {
  AgentConfig cfg;
  loadFile(path, cfg, 0);
  return cfg;
}

void ConfigLoader::loadFile(const std::string &path, AgentConfig &cfg, int depth) {
  if (depth > 4)
    throw std::runtime_error("config: includes nested too deep at " + path);
  std::ifstream in(path);
  if (!in)
    throw std::runtime_error("config: cannot read " + path);

  std::string line;
  std::getline(in, line);
  std::string where = path;
  if (trim(line) != "[agent]") {
    // Pre-2.0 file: convert it once and read the converted copy.
    in.close();
    where = path + ".converted";
    if (!convertLegacy(path, where))
      throw std::runtime_error("config: cannot convert legacy file " + path);
    in.open(where);
    std::getline(in, line); // OK: reopened on the converted copy
  }

  int lineNo = 1;
  while (std::getline(in, line)) { // OK: the stream was reopened after close()
    ++lineNo;
    line = trim(line);
    if (line.empty() || line.front() == '#')
      continue;
    if (line.compare(0, 8, "include ") == 0) {
      loadFile(resolve(path, trim(line.substr(8))), cfg, depth + 1);
      continue;
    }
    const auto eq = line.find('=');
    if (eq == std::string::npos)
      throw std::runtime_error("config: " + where + ":" + std::to_string(lineNo) +
                               ": expected key = value");
    apply(cfg, trim(line.substr(0, eq)), trim(line.substr(eq + 1)),
          where + ":" + std::to_string(lineNo));
  }
}

bool ConfigLoader::convertLegacy(const std::string &from, const std::string &to) {
  std::ifstream in(from);
  std::ofstream out(to, std::ios::trunc);
  if (!in || !out)
    return false;
  out << "[agent]\n";
  std::string line;
  while (std::getline(in, line)) {
    line = trim(line);
    if (line.empty() || line.front() == '#') {
      out << line << '\n';
      continue;
    }
    const auto sp = line.find_first_of(" \t");
    if (sp == std::string::npos)
      return false;
    out << line.substr(0, sp) << " = " << trim(line.substr(sp)) << '\n';
  }
  in.close();
  out.close();
  return static_cast<bool>(out); // OK: checks whether close() flushed everything
}

void ConfigLoader::apply(AgentConfig &cfg, const std::string &key,
                         const std::string &value, const std::string &where) {
  try {
    if (key == "agent_id")
      cfg.agentId = value;
    else if (key == "coordinator")
      cfg.coordinator = value;
    else if (key == "lease_service")
      cfg.leaseService = value;
    else if (key == "brokers")
      cfg.brokers = value;
    else if (key == "artifact_store")
      cfg.artifactStore = value;
    else if (key == "log_topic")
      cfg.logTopic = value;
    else if (key == "metrics_topic")
      cfg.metricsTopic = value;
    else if (key == "work_root")
      cfg.workRoot = value;
    else if (key == "cache_root")
      cfg.cacheRoot = value;
    else if (key == "run_dir")
      cfg.runDir = value;
    else if (key == "pid_file")
      cfg.pidFile = value;
    else if (key == "upload_workers")
      cfg.uploadWorkers = static_cast<unsigned>(std::stoul(value));
    else if (key == "cache_limit_bytes")
      cfg.cacheLimitBytes = std::stoull(value);
    else if (key == "drain_grace_s")
      cfg.drainGrace = std::chrono::seconds(std::stol(value));
    else if (key == "poll_timeout_ms")
      cfg.pollTimeout = std::chrono::milliseconds(std::stol(value));
    else if (key == "lease_interval_ms")
      cfg.leaseInterval = std::chrono::milliseconds(std::stol(value));
    else if (key == "metrics_interval_ms")
      cfg.metricsInterval = std::chrono::milliseconds(std::stol(value));
    else
      throw std::runtime_error("unknown key '" + key + "'");
  } catch (const std::logic_error &) {
    throw std::runtime_error("config: " + where + ": bad number for " + key);
  } catch (const std::runtime_error &e) {
    throw std::runtime_error("config: " + where + ": " + e.what());
  }
}

} // namespace buildfarm
