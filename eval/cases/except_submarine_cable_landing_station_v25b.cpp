// Submarine cable landing station. The station's monitor reads the optical
// power reported by each undersea repeater, forwards it to the network
// operations centre over a net::Connection and appends shore-end power-feed
// readings to a local log file. Parsing the raw repeater strings throws
// (std::stod), and the log writer throws std::system_error when write() fails.
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <system_error>
#include <unistd.h>
#include <vector>

#include "netconn.h"

static void writeAll(int fd, const std::string &line) {
  const char *p = line.data();
  std::size_t left = line.size();
  while (left > 0) {
    ssize_t n = ::write(fd, p, left);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      throw std::system_error(errno, std::generic_category(), "shore log write");
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
}

// End-of-pass upload: one NOC session per pass over the repeater chain.
bool uploadRepeaterPass(net::Connection &noc,
                        const std::vector<std::string> &raw) {
  try {
    for (std::size_t i = 0; i < raw.size(); ++i) {
      double dbm = std::stod(raw[i]);
      noc.send("RPT " + std::to_string(i + 1) + " " + std::to_string(dbm));
    }
    noc.flush();
    noc.close();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "repeater pass rejected: %s\n", e.what());
    noc.close(); // OK
    return false;
  }
  return true;
}

void writeShoreLog(const char *path, const std::vector<std::string> &lines) {
  int fd = ::open(path, O_WRONLY | O_APPEND | O_CREAT, 0644);
  if (fd < 0)
    throw std::system_error(errno, std::generic_category(), path);
  try {
    for (const std::string &line : lines)
      writeAll(fd, line + "\n");
    ::fsync(fd);
    ::close(fd);
  } catch (const std::system_error &) {
    ::close(fd); // OK
    throw;
  }
}

void appendPowerFeed(const char *path, const std::vector<std::string> &lines) {
  int fd = ::open(path, O_WRONLY | O_APPEND | O_CREAT, 0644);
  if (fd < 0)
    return;
  try {
    for (const std::string &line : lines)
      writeAll(fd, line + "\n");
  } catch (const std::system_error &e) {
    std::fprintf(stderr, "power feed log: %s\n", e.what());
    ::close(fd);
  }
  ::close(fd); // BUG: double-close
}

// Fault localisation: OTDR distances to a suspected fault, in km.
void reportFault(net::Connection &noc, const std::vector<std::string> &otdr) {
  try {
    for (const std::string &km : otdr)
      noc.send("FAULT km=" + std::to_string(std::stod(km)));
  } catch (const std::invalid_argument &) {
    noc.send("FAULT REPORT GARBLED");
    noc.close();
  }
  noc.flush(); // BUG: use-after-close
}

void reportAlarm(net::Connection &noc, const std::vector<std::string> &codes) {
  try {
    for (const std::string &code : codes)
      noc.send("ALARM " + std::to_string(std::stoi(code)));
  } catch (const std::exception &) {
    noc.close();
    return;
  }
  noc.send("ALARM BATCH END"); // OK
  noc.flush(); // OK
}
