// CollectionService: hands the day's milk over to the cooperative through the tanker feed.
#pragma once
#include <memory>
#include <string>

#include "event_bus.h"
#include "journal.h"
#include "records.h"
#include "status.h"
#include "tanker_feed.h"

class CollectionService {
public:
    CollectionService(std::shared_ptr<TankerFeed> feed, std::shared_ptr<Journal> journal,
                      std::shared_ptr<EventBus> events);
    ~CollectionService();
    CollectionService(const CollectionService&) = delete;
    CollectionService& operator=(const CollectionService&) = delete;

    Status open();
    Status hand_over(const CollectionRecord& rec, const std::string& ticket);
    Status resend(const CollectionRecord& rec);
    Status send_last_and_close(const CollectionRecord& rec);
    void close_night();

private:
    std::shared_ptr<TankerFeed> feed_;
    std::shared_ptr<Journal> journal_;
    std::shared_ptr<EventBus> events_;
    int arrival_token_ = 0;
};
