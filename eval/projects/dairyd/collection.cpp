// CollectionService: hands the day's milk over to the cooperative. hand_over() sends the
// collection record under a RetryPolicy and then the ticket; resend() reconnects once on a
// broken feed; send_last_and_close() queues the last record and closes the feed for the night;
// a "tanker.arrived" subscription sends the driver's ticket while the feed is up.
#include "collection.h"

#include <chrono>
#include <future>
#include <utility>

#include "retry.h"

CollectionService::CollectionService(std::shared_ptr<TankerFeed> feed, std::shared_ptr<Journal> journal,
                                     std::shared_ptr<EventBus> events)
    : feed_(std::move(feed)), journal_(std::move(journal)), events_(std::move(events)) {
    std::weak_ptr<TankerFeed> weak = feed_;
    arrival_token_ = events_->subscribe("tanker.arrived", [weak](const Event& ev) {
        std::shared_ptr<TankerFeed> f = weak.lock();
        if (!f || !f->isOpen()) return;
        f->send_ticket(ev.text);   // OK: alive and open; the feed is only closed on the thread that publishes
    });
}

CollectionService::~CollectionService() { events_->unsubscribe(arrival_token_); }

Status CollectionService::open() { return feed_->connect(); }

Status CollectionService::hand_over(const CollectionRecord& rec, const std::string& ticket) {
    if (!feed_->isOpen()) {
        Status st = feed_->connect();
        if (!st.ok()) return st;
    }
    RetryPolicy<TankerFeed> retry(3, std::chrono::milliseconds(250));
    Status st = retry.run(*feed_, [&rec](TankerFeed& f) { return f.send_collection(rec); });
    if (!st.ok()) journal_->append("collection " + rec.id + " not acknowledged: " + st.message());
    return feed_->send_ticket(ticket);   // BUG: use-after-close
}

Status CollectionService::resend(const CollectionRecord& rec) {
    Status st = feed_->send_collection(rec);
    if (st.ok()) return st;
    st = feed_->reconnect(4);
    if (!st.ok()) return st;
    return feed_->send_collection(rec);   // OK: reconnect() returned ok, so the feed is open again
}

Status CollectionService::send_last_and_close(const CollectionRecord& rec) {
    std::future<Status> pending = std::async(std::launch::deferred, [feed = feed_, rec] {
        return feed->send_collection(rec);   // SAME: deferred_send
    });
    if (feed_->isOpen()) feed_->close();   // night closure of the cooperative feed
    return pending.get();   // BUG: use-after-close #deferred_send
}

void CollectionService::close_night() {
    if (feed_->isOpen()) feed_->close();   // OK: guarded; hand_over() or send_last_and_close() may have closed it
}
