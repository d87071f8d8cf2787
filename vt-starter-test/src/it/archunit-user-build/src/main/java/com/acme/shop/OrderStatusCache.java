package com.acme.shop;

import java.util.HashMap;
import java.util.Map;

import org.springframework.stereotype.Component;

/** Pinning-prone on Java 21-23: a database query made while the map's monitor is held. */
@Component
public class OrderStatusCache {

	private final Map<Long, String> statuses = new HashMap<>();

	private final OrderRepository repository;

	public OrderStatusCache(OrderRepository repository) {
		this.repository = repository;
	}

	public String status(long id) {
		synchronized (this.statuses) {
			String status = this.statuses.get(id);
			if (status == null) {
				status = this.repository.findStatus(id);
				this.statuses.put(id, status);
			}
			return status;
		}
	}

}
