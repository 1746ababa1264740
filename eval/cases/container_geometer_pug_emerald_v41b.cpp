// Network of unattended moth traps for a geometer survey (pugs, emeralds).
// Each trap keeps a net::Connection to the collector; the poller holds them in
// a std::list, and the site registry in an unordered_map keyed by site code.
// Quiet traps are closed after too many missed polls; retired sites are
// closed and, in the careful version, erased.
// Mistakes: poll_round() closes the quiet traps with std::for_each but leaves
// them in the list, so the ping loop that follows sends on them;
// retire_site() closes a site's connection without erasing its entry, and
// report_site() later finds the entry and sends the emerald counts on it.
#include "netconn.h"

#include <algorithm>
#include <list>
#include <string>
#include <unordered_map>

struct PugTrapLink {
  std::string trap;
  net::Connection conn;
  int missed_polls = 0;
};

constexpr int kMaxMissed = 3;

void poll_round(std::list<PugTrapLink> &traps) {
  std::for_each(traps.begin(), traps.end(), [](PugTrapLink &t) {
    if (t.missed_polls >= kMaxMissed)
      t.conn.close();
  });
  for (PugTrapLink &t : traps) {
    t.conn.send("PING " + t.trap); // BUG: use-after-close
    ++t.missed_polls;
  }
}

void poll_round_pruned(std::list<PugTrapLink> &traps) {
  traps.remove_if([](PugTrapLink &t) {
    if (t.missed_polls < kMaxMissed)
      return false;
    t.conn.close();
    return true;
  });
  for (PugTrapLink &t : traps) {
    t.conn.send("PING " + t.trap); // OK: the closed links were removed from the list
    ++t.missed_polls;
  }
}

void on_pong(std::list<PugTrapLink> &traps, const std::string &trap) {
  auto it = std::find_if(traps.begin(), traps.end(), [&](const PugTrapLink &t) { return t.trap == trap; });
  if (it == traps.end())
    return;
  it->missed_polls = 0;
  if (!it->conn.isClosed())
    it->conn.flush(); // OK: guarded by isClosed()
}

using EmeraldSiteMap = std::unordered_map<std::string, net::Connection>;

void retire_site(EmeraldSiteMap &sites, const std::string &code) {
  auto it = sites.find(code);
  if (it != sites.end())
    it->second.close(); // the entry is kept "for the end-of-season report"
}

void retire_site_erasing(EmeraldSiteMap &sites, const std::string &code) {
  auto it = sites.find(code);
  if (it == sites.end())
    return;
  it->second.close();
  sites.erase(it);
}

void report_site(EmeraldSiteMap &sites, const std::string &code, int emeralds) {
  auto it = sites.find(code);
  if (it != sites.end())
    it->second.send("emeralds=" + std::to_string(emeralds)); // SAME: season
}

void end_of_season(EmeraldSiteMap &sites, EmeraldSiteMap &reserve_sites) {
  retire_site_erasing(reserve_sites, "WK-07");
  report_site(reserve_sites, "WK-07", 4); // OK: the entry was erased, find() misses it
  report_site(reserve_sites, "WK-09", 2); // OK: a different site, still open
  retire_site(sites, "SH-12");
  report_site(sites, "SH-12", 11); // BUG: use-after-close #season
  for (auto &kv : sites)
    if (!kv.second.isClosed())
      kv.second.flush(); // OK: skips the retired entries
}
