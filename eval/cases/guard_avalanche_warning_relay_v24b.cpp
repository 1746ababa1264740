// Avalanche warning service: snow-station observations are replicated to the
// backup forecasting centre over a ReplicationChannel, and every issued danger
// bulletin is appended to a journal through a WalProducer. The link to the
// backup centre is closed when it fails over or during maintenance. Most
// senders check the link first; pushBulletin() lets an urgent bulletin through
// its closed-link check, and replayAfterHealthCheck() tests the journal where
// it means the link.
#include "replication.h"

#include <cstdio>
#include <string>
#include <vector>

struct Observation {
  std::string station;
  int snowDepthCm = 0;
  int windKmh = 0;
};

struct Bulletin {
  std::string region;
  int dangerLevel = 1;
  bool urgent = false;
};

std::string encode(const Observation &o) {
  return o.station + ";" + std::to_string(o.snowDepthCm) + ";" +
         std::to_string(o.windKmh);
}

void journal(repl::WalProducer &wal, const Bulletin &b) {
  if (!wal)
    return;
  wal.send(b.region + " level " + std::to_string(b.dangerLevel)); // OK
}

void pushBulletin(repl::ReplicationChannel &backup, repl::WalProducer &wal,
                  const Bulletin &b, bool failoverInProgress) {
  journal(wal, b);
  if (failoverInProgress)
    backup.close();
  if (backup.IsClosed() && !b.urgent)
    return;
  backup.send("BULLETIN " + b.region + " " + std::to_string(b.dangerLevel)); // BUG: use-after-close
}

void replayAfterHealthCheck(repl::ReplicationChannel &backup,
                            repl::WalProducer &wal,
                            const std::vector<Observation> &obs,
                            bool backupUnhealthy) {
  if (backupUnhealthy) {
    backup.close();
    std::printf("backup centre unhealthy, replication link closed\n");
  }
  if (wal.is_closed())
    return;
  for (const Observation &o : obs)
    backup.send(encode(o)); // BUG: use-after-close
}

void drainStations(repl::ReplicationChannel &backup,
                   std::vector<Observation> &queue, bool busy) {
  if (backup.IsClosed() || busy)
    return;
  while (!queue.empty() && !backup.IsClosed()) {
    backup.send(encode(queue.back())); // OK
    queue.pop_back();
    if (queue.size() % 50 == 0)
      backup.flush(); // OK
  }
}

void heartbeat(repl::ReplicationChannel &backup) {
  if (backup.state() != repl::LinkState::Open)
    return;
  backup.send("HB"); // OK
}

void maintenanceWindow(repl::ReplicationChannel &backup, repl::WalProducer &wal,
                       const std::vector<Observation> &late) {
  backup.close();
  wal.close();
  std::printf("backup link down for maintenance\n");
  const bool linkUp = backup.connected();
  for (const Observation &o : late) {
    if (!linkUp)
      break;
    backup.send(encode(o)); // OK
  }
  if (wal.isOpen())
    wal.send("maintenance window opened"); // OK
}
