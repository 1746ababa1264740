#include "buildfarm/status_file.h"

#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <utility>

namespace buildfarm {

StatusFile::StatusFile(std::string path) : path_(std::move(path)) {}

StatusFile::~StatusFile() {
  close(); // OK: idempotent, the shutdown hook normally ran it already
}

void StatusFile::write(const std::string &json) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (closed_)
    throw std::logic_error("status file closed: " + path_);
  writeLocked(json);
}

bool StatusFile::writeLocked(const std::string &json) {
  const std::string tmp = path_ + ".tmp";
  std::ofstream out(tmp, std::ios::trunc);
  out << json << '\n';
  out.close();
  if (!out) { // OK: reads the state close() left behind, no I/O
    std::remove(tmp.c_str());
    return false;
  }
  return std::rename(tmp.c_str(), path_.c_str()) == 0;
}

void StatusFile::close() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (closed_)
    return;
  writeLocked("{\"state\":\"stopped\"}");
  closed_ = true;
}

bool StatusFile::closed() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return closed_;
}

} // namespace buildfarm
