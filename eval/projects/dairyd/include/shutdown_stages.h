// The stages of the plant shutdown, split over shutdown_stages.cpp and shutdown_records.cpp.
#pragma once

class Site;

void stop_floor(Site& site);       // entrance, rotary, worker pool, stalls
void close_links(Site& site);      // fieldbus, herd pool, tanker feed, vet console
void archive_day(Site& site);      // queue the day's yields for the archive
void announce_close(Site& site);   // last tank reading to whoever listens
void close_records(Site& site);    // logger, shift report, event bus, journal
