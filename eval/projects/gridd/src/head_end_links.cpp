// HeadEnd, link side: inbound frames, stale-link sweeping, eviction, and the
// drain of buffered frames at shutdown.
#include <poll.h>
#include <utility>

#include "clock.h"
#include "frame_codec.h"
#include "head_end.h"
#include "stats.h"

void HeadEnd::onReadable(MeterLink &link, std::int64_t now) {
  if (!link.isOpen())
    return;
  std::string frame;
  if (!link.receive(frame)) { // OK
    const DropResult dr = links_.drop(link.id());
    if (dr.dropped)
      audit_->record("link: %s closed by the peer", link.id().c_str());
    return;
  }
  link.touch(now);
  ++counters().framesIn;
  handleFrame(link, frame);
  if (link.framesIn() % kCreditEvery == 0)
    link.send(frames::encodeCredit(link.id(), kCreditEvery)); // BUG: use-after-close
}

void HeadEnd::handleFrame(MeterLink &link, const std::string &frame) {
  switch (frames::peekType(frame)) {
  case frames::Type::Reading: {
    Reading r;
    if (!frames::decodeReading(frame, r)) {
      ++counters().rejected;
      return;
    }
    if (r.meterId != link.id() && link.kind() != MeterLink::Kind::Concentrator) {
      evict(link.id(), "reading for another meter");
      return;
    }
    pipeline_.submit(std::move(r));
    ++counters().readings;
    return;
  }
  case frames::Type::LastGasp:
  case frames::Type::Restore: {
    OutageEvent e;
    if (!frames::decodeOutage(frame, e)) {
      ++counters().rejected;
      return;
    }
    ++counters().outages;
    if (e.restored)
      outages_.onRestore(e);
    else
      outages_.onLastGasp(e);
    noteOps(std::string(e.restored ? "restore " : "outage ") + e.meterId);
    mirror(BillingEvent{e.meterId, e.restored ? "restore" : "outage", e.concentratorId, e.at});
    return;
  }
  case frames::Type::Tamper: {
    TamperAlarm alarm;
    if (!frames::decodeTamper(frame, alarm)) {
      ++counters().rejected;
      return;
    }
    ++counters().tampers;
    mirror(BillingEvent{alarm.meterId, "tamper", std::to_string(alarm.code), alarm.at});
    tamper_.onAlarm(alarm);
    return;
  }
  case frames::Type::CommandAck: {
    std::string meterId;
    std::uint32_t seq = 0;
    if (frames::decodeAck(frame, meterId, seq))
      dispatcher_.onAck(meterId, seq);
    return;
  }
  case frames::Type::Hello:
    evict(link.id(), "hello on an established session");
    return;
  case frames::Type::Unknown:
    ++counters().rejected;
    return;
  }
}

std::vector<Reading> HeadEnd::drainLinks() {
  const std::int64_t now = nowSeconds();
  std::vector<Reading> readings;
  for (MeterLink *link : links_.snapshot()) {
    pollfd p{link->socketFd(), POLLIN, 0};
    while (link->isOpen() && ::poll(&p, 1, 0) > 0 && (p.revents & POLLIN)) {
      std::string frame;
      if (!link->receive(frame)) // OK
        break;
      link->touch(now);
      Reading r;
      if (frames::peekType(frame) == frames::Type::Reading && frames::decodeReading(frame, r)) {
        readings.push_back(std::move(r));
        continue;
      }
      handleFrame(*link, frame);
    }
  }
  return readings;
}

void HeadEnd::sweepStale(std::int64_t now) {
  const std::vector<MeterLink *> links = links_.snapshot();
  for (MeterLink *link : links) {
    if (!link->isOpen())
      continue;
    if (now - link->lastSeen() > cfg_.staleAfterSec) {
      audit_->record("link: %s silent since %lld, dropping", link->id().c_str(),
                     static_cast<long long>(link->lastSeen()));
      link->close();
    }
  }
  // Meters that have been quiet for half the limit are asked for a reading.
  for (MeterLink *link : links)
    if (now - link->lastSeen() > cfg_.staleAfterSec / 2)
      link->command(MeterCommand::ReadNow, ++pollSeq_); // BUG: use-after-close
  links_.reap();
}

void HeadEnd::evict(const std::string &meterId, const std::string &reason) {
  MeterLink *link = links_.find(meterId);
  if (!link || !link->isOpen())
    return;
  const std::string notice = frames::encodeReject(meterId, reason);
  executor_.post([link, notice] {
    link->send(notice); // BUG: use-after-close #evict_race
  });
  link->close(); // SAME: evict_race
  ++counters().evictions;
  audit_->record("link: %s evicted: %s", meterId.c_str(), reason.c_str());
}
