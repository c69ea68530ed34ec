export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  private: {
    Tables: {
      checkout_attempts: {
        Row: {
          attempted_at: string;
          client_ip: string;
          customer_phone: string;
          id: number;
        };
        ComputedFields: never;
        Insert: {
          attempted_at?: string;
          client_ip: string;
          customer_phone: string;
          id?: never;
        };
        Update: {
          attempted_at?: string;
          client_ip?: string;
          customer_phone?: string;
          id?: never;
        };
        Relationships: [];
      };
      checkout_idempotency_keys: {
        Row: {
          created_at: string;
          idempotency_key: string;
          order_id: string;
          request_hash: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          idempotency_key: string;
          order_id: string;
          request_hash: string;
        };
        Update: {
          created_at?: string;
          idempotency_key?: string;
          order_id?: string;
          request_hash?: string;
        };
        Relationships: [];
      };
      click_salt: {
        Row: {
          id: boolean;
          salt: string;
        };
        ComputedFields: never;
        Insert: {
          id?: boolean;
          salt: string;
        };
        Update: {
          id?: boolean;
          salt?: string;
        };
        Relationships: [];
      };
      connect_states: {
        Row: {
          expires_at: string;
          nonce: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          expires_at?: string;
          nonce?: string;
          user_id: string;
        };
        Update: {
          expires_at?: string;
          nonce?: string;
          user_id?: string;
        };
        Relationships: [];
      };
      courier_links: {
        Row: {
          courier_id: string;
          created_at: string;
          created_by: string;
          id: string;
          last_used_at: string | null;
          revoked_at: string | null;
          token_hash: string;
        };
        ComputedFields: never;
        Insert: {
          courier_id: string;
          created_at?: string;
          created_by: string;
          id?: string;
          last_used_at?: string | null;
          revoked_at?: string | null;
          token_hash: string;
        };
        Update: {
          courier_id?: string;
          created_at?: string;
          created_by?: string;
          id?: string;
          last_used_at?: string | null;
          revoked_at?: string | null;
          token_hash?: string;
        };
        Relationships: [];
      };
      credentials: {
        Row: {
          password_hash: string;
          updated_at: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          password_hash: string;
          updated_at?: string;
          user_id: string;
        };
        Update: {
          password_hash?: string;
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [];
      };
      facebook_page_choices: {
        Row: {
          expires_at: string;
          token_ciphertext: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          expires_at?: string;
          token_ciphertext: string;
          user_id: string;
        };
        Update: {
          expires_at?: string;
          token_ciphertext?: string;
          user_id?: string;
        };
        Relationships: [];
      };
      login_failures: {
        Row: {
          client_ip: string;
          email: string;
          failed_at: string;
          login_failure_id: number;
        };
        ComputedFields: never;
        Insert: {
          client_ip: string;
          email: string;
          failed_at?: string;
          login_failure_id?: never;
        };
        Update: {
          client_ip?: string;
          email?: string;
          failed_at?: string;
          login_failure_id?: never;
        };
        Relationships: [];
      };
      order_contacts: {
        Row: {
          address_line: string | null;
          customer_phone: string;
          delivery_note: string | null;
          landmark: string | null;
          order_id: string;
          placed_at: string;
          recipient_name: string | null;
        };
        ComputedFields: never;
        Insert: {
          address_line?: string | null;
          customer_phone: string;
          delivery_note?: string | null;
          landmark?: string | null;
          order_id: string;
          placed_at?: string;
          recipient_name?: string | null;
        };
        Update: {
          address_line?: string | null;
          customer_phone?: string;
          delivery_note?: string | null;
          landmark?: string | null;
          order_id?: string;
          placed_at?: string;
          recipient_name?: string | null;
        };
        Relationships: [];
      };
      order_counts: {
        Row: {
          cancellation_reason: Database["public"]["Enums"]["order_cancellation_reason"] | null;
          commission_cents: number;
          confirmation: Database["public"]["Enums"]["order_confirmation"];
          orders: number;
          scope: Database["public"]["Enums"]["order_count_scope"];
          scope_id: string;
          slot: number;
          status: Database["public"]["Enums"]["order_status"];
          subtotal_cents: number;
        };
        ComputedFields: never;
        Insert: {
          cancellation_reason?: Database["public"]["Enums"]["order_cancellation_reason"] | null;
          commission_cents: number;
          confirmation: Database["public"]["Enums"]["order_confirmation"];
          orders: number;
          scope: Database["public"]["Enums"]["order_count_scope"];
          scope_id: string;
          slot: number;
          status: Database["public"]["Enums"]["order_status"];
          subtotal_cents: number;
        };
        Update: {
          cancellation_reason?: Database["public"]["Enums"]["order_cancellation_reason"] | null;
          commission_cents?: number;
          confirmation?: Database["public"]["Enums"]["order_confirmation"];
          orders?: number;
          scope?: Database["public"]["Enums"]["order_count_scope"];
          scope_id?: string;
          slot?: number;
          status?: Database["public"]["Enums"]["order_status"];
          subtotal_cents?: number;
        };
        Relationships: [];
      };
      order_follow_tokens: {
        Row: {
          expires_at: string;
          language: Database["public"]["Enums"]["telegram_language"];
          order_id: string;
          token_hash: string;
        };
        ComputedFields: never;
        Insert: {
          expires_at?: string;
          language: Database["public"]["Enums"]["telegram_language"];
          order_id: string;
          token_hash: string;
        };
        Update: {
          expires_at?: string;
          language?: Database["public"]["Enums"]["telegram_language"];
          order_id?: string;
          token_hash?: string;
        };
        Relationships: [];
      };
      order_followers: {
        Row: {
          chat_id: number;
          followed_at: string;
          id: number;
          language: Database["public"]["Enums"]["telegram_language"];
          order_id: string;
        };
        ComputedFields: never;
        Insert: {
          chat_id: number;
          followed_at?: string;
          id?: never;
          language: Database["public"]["Enums"]["telegram_language"];
          order_id: string;
        };
        Update: {
          chat_id?: number;
          followed_at?: string;
          id?: never;
          language?: Database["public"]["Enums"]["telegram_language"];
          order_id?: string;
        };
        Relationships: [];
      };
      order_phone_runs: {
        Row: {
          digits: number;
          order_id: string;
          placed_at: string;
        };
        ComputedFields: never;
        Insert: {
          digits: number;
          order_id: string;
          placed_at: string;
        };
        Update: {
          digits?: number;
          order_id?: string;
          placed_at?: string;
        };
        Relationships: [];
      };
      order_tracking_tokens: {
        Row: {
          created_at: string;
          order_id: string;
          token_hash: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          order_id: string;
          token_hash: string;
        };
        Update: {
          created_at?: string;
          order_id?: string;
          token_hash?: string;
        };
        Relationships: [];
      };
      password_reset_requests: {
        Row: {
          client_ip: string;
          email: string;
          password_reset_request_id: number;
          requested_at: string;
        };
        ComputedFields: never;
        Insert: {
          client_ip: string;
          email: string;
          password_reset_request_id?: never;
          requested_at?: string;
        };
        Update: {
          client_ip?: string;
          email?: string;
          password_reset_request_id?: never;
          requested_at?: string;
        };
        Relationships: [];
      };
      password_resets: {
        Row: {
          created_at: string;
          expires_at: string;
          token_hash: string;
          used_at: string | null;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          expires_at?: string;
          token_hash: string;
          used_at?: string | null;
          user_id: string;
        };
        Update: {
          created_at?: string;
          expires_at?: string;
          token_hash?: string;
          used_at?: string | null;
          user_id?: string;
        };
        Relationships: [];
      };
      public_requests: {
        Row: {
          address_hash: string;
          minute: string;
          requests: number;
          route: Database["private"]["Enums"]["public_route"];
        };
        ComputedFields: never;
        Insert: {
          address_hash: string;
          minute: string;
          requests?: number;
          route: Database["private"]["Enums"]["public_route"];
        };
        Update: {
          address_hash?: string;
          minute?: string;
          requests?: number;
          route?: Database["private"]["Enums"]["public_route"];
        };
        Relationships: [];
      };
      refresh_tokens: {
        Row: {
          issued_at: string;
          rotated_at: string | null;
          session_id: string;
          token_hash: string;
        };
        ComputedFields: never;
        Insert: {
          issued_at?: string;
          rotated_at?: string | null;
          session_id: string;
          token_hash: string;
        };
        Update: {
          issued_at?: string;
          rotated_at?: string | null;
          session_id?: string;
          token_hash?: string;
        };
        Relationships: [
          {
            foreignKeyName: "refresh_tokens_session_id_fkey";
            columns: ["session_id"];
            isOneToOne: false;
            referencedRelation: "sessions";
            referencedColumns: ["session_id"];
          },
        ];
      };
      rider_steps: {
        Row: {
          applied: boolean;
          cash_collected_cents: number | null;
          courier_id: string;
          created_at: string;
          order_id: string;
          step: Database["public"]["Enums"]["rider_step"];
          step_id: string;
        };
        ComputedFields: never;
        Insert: {
          applied: boolean;
          cash_collected_cents?: number | null;
          courier_id: string;
          created_at?: string;
          order_id: string;
          step: Database["public"]["Enums"]["rider_step"];
          step_id: string;
        };
        Update: {
          applied?: boolean;
          cash_collected_cents?: number | null;
          courier_id?: string;
          created_at?: string;
          order_id?: string;
          step?: Database["public"]["Enums"]["rider_step"];
          step_id?: string;
        };
        Relationships: [];
      };
      sessions: {
        Row: {
          created_at: string;
          device: string;
          end_reason: Database["public"]["Enums"]["session_end_reason"] | null;
          ended_at: string | null;
          last_used_at: string;
          session_id: string;
          user_id: string;
          session_is_active: boolean | null;
        };
        ComputedFields: "session_is_active";
        Insert: {
          created_at?: string;
          device?: string;
          end_reason?: Database["public"]["Enums"]["session_end_reason"] | null;
          ended_at?: string | null;
          last_used_at?: string;
          session_id?: string;
          user_id: string;
        };
        Update: {
          created_at?: string;
          device?: string;
          end_reason?: Database["public"]["Enums"]["session_end_reason"] | null;
          ended_at?: string | null;
          last_used_at?: string;
          session_id?: string;
          user_id?: string;
        };
        Relationships: [];
      };
      signup_attempts: {
        Row: {
          attempted_at: string;
          client_ip: string;
          signup_attempt_id: number;
        };
        ComputedFields: never;
        Insert: {
          attempted_at?: string;
          client_ip: string;
          signup_attempt_id?: never;
        };
        Update: {
          attempted_at?: string;
          client_ip?: string;
          signup_attempt_id?: never;
        };
        Relationships: [];
      };
      telegram_link_tokens: {
        Row: {
          expires_at: string;
          language: Database["public"]["Enums"]["telegram_language"];
          token_hash: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          expires_at?: string;
          language: Database["public"]["Enums"]["telegram_language"];
          token_hash: string;
          user_id: string;
        };
        Update: {
          expires_at?: string;
          language?: Database["public"]["Enums"]["telegram_language"];
          token_hash?: string;
          user_id?: string;
        };
        Relationships: [];
      };
      telegram_outbox: {
        Row: {
          attempts: number;
          created_at: string;
          failed_at: string | null;
          id: number;
          kind: Database["public"]["Enums"]["telegram_notice_kind"];
          last_error: string | null;
          next_attempt_at: string;
          order_follower_id: number | null;
          payload: NonNullable<Json>;
          sent_at: string | null;
          telegram_chat_id: string | null;
        };
        ComputedFields: never;
        Insert: {
          attempts?: number;
          created_at?: string;
          failed_at?: string | null;
          id?: never;
          kind: Database["public"]["Enums"]["telegram_notice_kind"];
          last_error?: string | null;
          next_attempt_at?: string;
          order_follower_id?: number | null;
          payload: NonNullable<Json>;
          sent_at?: string | null;
          telegram_chat_id?: string | null;
        };
        Update: {
          attempts?: number;
          created_at?: string;
          failed_at?: string | null;
          id?: never;
          kind?: Database["public"]["Enums"]["telegram_notice_kind"];
          last_error?: string | null;
          next_attempt_at?: string;
          order_follower_id?: number | null;
          payload?: NonNullable<Json>;
          sent_at?: string | null;
          telegram_chat_id?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: "telegram_outbox_order_follower_id_fkey";
            columns: ["order_follower_id"];
            isOneToOne: false;
            referencedRelation: "order_followers";
            referencedColumns: ["id"];
          },
        ];
      };
      unrequested_earning_hours: {
        Row: {
          account_id: number;
          amount_cents: number;
          awaiting_cash: boolean;
          earned_hour: string;
          held: boolean;
        };
        ComputedFields: never;
        Insert: {
          account_id: number;
          amount_cents: number;
          awaiting_cash?: boolean;
          earned_hour: string;
          held: boolean;
        };
        Update: {
          account_id?: number;
          amount_cents?: number;
          awaiting_cash?: boolean;
          earned_hour?: string;
          held?: boolean;
        };
        Relationships: [];
      };
      unrequested_earnings: {
        Row: {
          account_id: number;
          amount_cents: number;
          earned_at: string;
          ledger_entry_id: number;
          line: Database["public"]["Enums"]["ledger_line"];
          order_id: string;
          transaction_id: number;
        };
        ComputedFields: never;
        Insert: {
          account_id: number;
          amount_cents: number;
          earned_at: string;
          ledger_entry_id: number;
          line: Database["public"]["Enums"]["ledger_line"];
          order_id: string;
          transaction_id: number;
        };
        Update: {
          account_id?: number;
          amount_cents?: number;
          earned_at?: string;
          ledger_entry_id?: number;
          line?: Database["public"]["Enums"]["ledger_line"];
          order_id?: string;
          transaction_id?: number;
        };
        Relationships: [
          {
            foreignKeyName: "unrequested_earnings_ledger_entry_id_fkey";
            columns: ["ledger_entry_id"];
            isOneToOne: true;
            referencedRelation: "recomputed_unrequested_earnings";
            referencedColumns: ["ledger_entry_id"];
          },
          {
            foreignKeyName: "unrequested_earnings_transaction_id_fkey";
            columns: ["transaction_id"];
            isOneToOne: false;
            referencedRelation: "recomputed_unrequested_earnings";
            referencedColumns: ["transaction_id"];
          },
        ];
      };
    };
    Views: {
      recomputed_ledger_balances: {
        Row: {
          account_id: number;
          balance_cents: number | null;
          line: Database["public"]["Enums"]["ledger_line"];
        };
        ComputedFields: never;
        Relationships: [];
      };
      recomputed_order_counts: {
        Row: {
          cancellation_reason: Database["public"]["Enums"]["order_cancellation_reason"] | null;
          commission_cents: number | null;
          confirmation: Database["public"]["Enums"]["order_confirmation"];
          orders: number | null;
          scope: Database["public"]["Enums"]["order_count_scope"] | null;
          scope_id: string | null;
          status: Database["public"]["Enums"]["order_status"];
          subtotal_cents: number | null;
        };
        ComputedFields: never;
        Relationships: [];
      };
      recomputed_unrequested_earning_hours: {
        Row: {
          account_id: number;
          amount_cents: number | null;
          awaiting_cash: boolean | null;
          earned_hour: string | null;
          held: boolean | null;
        };
        ComputedFields: never;
        Relationships: [];
      };
      recomputed_unrequested_earnings: {
        Row: {
          account_id: number;
          amount_cents: number;
          earned_at: string | null;
          ledger_entry_id: number;
          line: Database["public"]["Enums"]["ledger_line"];
          order_id: string | null;
          transaction_id: number;
        };
        ComputedFields: never;
        Relationships: [];
      };
    };
    Functions: {
      account_identifiers: {
        Args: {
          p_user: Omit<
            Database["public"]["Tables"]["users"]["Row"],
            Database["public"]["Tables"]["users"]["ComputedFields"]
          >;
        };
        Returns: {
          kind: string;
          value: string;
        }[];
      };
      add_cash_due: { Args: { p_amount_cents: number; p_courier_id: string; p_order_id: string }; Returns: undefined };
      add_earning_hours: {
        Args: { p_changes: Database["private"]["CompositeTypes"]["earning_hour_change"][]; p_drop_zeros: boolean };
        Returns: undefined;
      };
      add_order_counts: {
        Args: {
          p_added: Database["public"]["Tables"]["orders"]["Row"][];
          p_removed: Database["public"]["Tables"]["orders"]["Row"][];
        };
        Returns: undefined;
      };
      are_http_urls: { Args: { p_urls: string[] }; Returns: boolean };
      audit_changes: { Args: { p_ignored?: string[]; p_new: Json; p_old: Json }; Returns: Json };
      awaiting_cash: { Args: { p_cash_status: Database["public"]["Enums"]["cash_status"] }; Returns: boolean };
      begin_login_attempt: {
        Args: { p_client_ip: string; p_email: string };
        Returns: {
          address_failures: number;
          attempt_id: number;
          pair_failures: number;
          refused: boolean;
        }[];
      };
      caller_session_id: { Args: Record<PropertyKey, never>; Returns: string };
      cambodia_today: { Args: Record<PropertyKey, never>; Returns: string };
      campaign_closed_reason: {
        Args: { p_end_date: string; p_start_date: string; p_status: Database["public"]["Enums"]["campaign_status"] };
        Returns: string;
      };
      campaign_is_active: { Args: { p_campaign_id: string }; Returns: boolean };
      cancel_order_by_customer: {
        Args: { p_order_id: string };
        Returns: Database["public"]["Tables"]["orders"]["Row"];
        SetofOptions: {
          from: "*";
          to: "orders";
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      cancel_unconfirmed_orders: { Args: { p_batch?: number }; Returns: number };
      checkout_flags: {
        Args: {
          p_business_id: string;
          p_customer_phone: string;
          p_link: Omit<
            Database["public"]["Tables"]["affiliate_links"]["Row"],
            Database["public"]["Tables"]["affiliate_links"]["ComputedFields"]
          >;
        };
        Returns: Database["public"]["Enums"]["order_flag"][];
      };
      claim_telegram_outbox: {
        Args: { p_limit: number };
        Returns: {
          attempts: number;
          chat_id: number;
          id: number;
          kind: Database["public"]["Enums"]["telegram_notice_kind"];
          language: Database["public"]["Enums"]["telegram_language"];
          payload: Json;
        }[];
      };
      click_address_hash: { Args: { p_client_address: string }; Returns: string };
      commission_ceiling: { Args: Record<PropertyKey, never>; Returns: number };
      commission_hold: { Args: Record<PropertyKey, never>; Returns: string };
      confirm_order_by_customer: {
        Args: { p_order_id: string };
        Returns: Database["public"]["Tables"]["orders"]["Row"];
        SetofOptions: {
          from: "*";
          to: "orders";
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      consume_connect_state: { Args: { p_nonce: string; p_user_id: string }; Returns: boolean };
      courier_cash_account_id: { Args: { p_courier_id: string }; Returns: number };
      create_admin: {
        Args: { p_email: string; p_password: string };
        Returns: Database["public"]["Tables"]["users"]["Row"];
        SetofOptions: {
          from: "*";
          to: "users";
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      default_dm_template: { Args: Record<PropertyKey, never>; Returns: string };
      dialled_phone: { Args: { p_phone: string }; Returns: string };
      earning_hour: { Args: { p_earned_at: string }; Returns: string };
      earning_state: {
        Args: {
          p_awaiting_cash: boolean;
          p_earned_at: string;
          p_line: Database["public"]["Enums"]["ledger_line"];
          p_release_cutoff: string;
          p_review_status: Database["public"]["Enums"]["order_review_status"];
        };
        Returns: string;
      };
      end_pending_payout: {
        Args: { p_reason: string; p_status: Database["public"]["Enums"]["payout_status"]; p_user_id: string };
        Returns: Database["public"]["Tables"]["payout_requests"]["Row"];
        SetofOptions: {
          from: "*";
          to: "payout_requests";
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      flag_order: {
        Args: {
          p_customer_phone: string;
          p_order: Omit<
            Database["public"]["Tables"]["orders"]["Row"],
            Database["public"]["Tables"]["orders"]["ComputedFields"]
          >;
        };
        Returns: Database["public"]["Tables"]["orders"]["Row"];
        SetofOptions: {
          from: "*";
          to: "orders";
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      follow_order_in_telegram: {
        Args: { p_chat_id: number; p_token: string };
        Returns: {
          language: Database["public"]["Enums"]["telegram_language"];
          order_number: string;
          status: Database["public"]["Enums"]["order_status"];
        }[];
      };
      has_role: { Args: { p_user_type: Database["public"]["Enums"]["user_type"] }; Returns: boolean };
      held_for_review: {
        Args: {
          p_line: Database["public"]["Enums"]["ledger_line"];
          p_review_status: Database["public"]["Enums"]["order_review_status"];
        };
        Returns: boolean;
      };
      is_http_url: { Args: { p_max_length: number; p_url: string }; Returns: boolean };
      issue_refresh_token: { Args: { p_session_id: string }; Returns: string };
      issue_tracking_token: { Args: { p_order_id: string }; Returns: string };
      khqr_crc: { Args: { p_text: string }; Returns: string };
      khqr_fields_once: { Args: { p_text: string }; Returns: boolean };
      ledger_account_id: {
        Args: { p_kind: Database["public"]["Enums"]["ledger_account_kind"]; p_user_id?: string };
        Returns: number;
      };
      link_closed_reason: {
        Args: {
          p_business_status: Database["public"]["Enums"]["account_status"];
          p_campaign_status: Database["public"]["Enums"]["campaign_status"];
          p_end_date: string;
          p_influencer_status: Database["public"]["Enums"]["account_status"];
          p_start_date: string;
        };
        Returns: string;
      };
      link_telegram_chat: {
        Args: { p_chat_id: number; p_title: string; p_token: string };
        Returns: Database["public"]["Tables"]["telegram_chats"]["Row"];
        SetofOptions: {
          from: "*";
          to: "telegram_chats";
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      lock_earning_accounts: { Args: { p_order_ids: string[] }; Returns: undefined };
      lock_order_cash: { Args: { p_order_ids: string[] }; Returns: undefined };
      lock_order_in_shop: {
        Args: { p_order_id: string; p_refusal: string };
        Returns: Database["public"]["Tables"]["orders"]["Row"];
        SetofOptions: {
          from: "*";
          to: "orders";
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      login_succeeded: { Args: { p_attempt_id: number; p_client_ip: string; p_email: string }; Returns: undefined };
      may_join_topic: { Args: { topic: string }; Returns: boolean };
      new_connect_state: { Args: { p_user_id: string }; Returns: string };
      new_order_follow_token: {
        Args: { p_language: Database["public"]["Enums"]["telegram_language"]; p_order_id: string };
        Returns: string;
      };
      new_short_code: { Args: Record<PropertyKey, never>; Returns: string };
      new_telegram_link_token: {
        Args: { p_language: Database["public"]["Enums"]["telegram_language"]; p_user_id: string };
        Returns: string;
      };
      next_keyword: { Args: { p_influencer_id: string; p_product_name: string }; Returns: string };
      note_public_request: {
        Args: { p_client_address: string; p_route: Database["private"]["Enums"]["public_route"] };
        Returns: undefined;
      };
      note_signup_attempt: { Args: { p_client_ip: string }; Returns: undefined };
      order_number: { Args: { p_sequence_value: number }; Returns: string };
      order_transition_allowed: {
        Args: {
          p_from: Database["public"]["Enums"]["order_status"];
          p_to: Database["public"]["Enums"]["order_status"];
        };
        Returns: boolean;
      };
      owner_topic: { Args: { p_user_id: string }; Returns: string };
      owns_campaign: { Args: { p_campaign_id: string }; Returns: boolean };
      password_reset_email: { Args: { p_token: string }; Returns: string };
      phone_runs: { Args: { p_phone: string }; Returns: number[] };
      place_order: {
        Args: {
          p_address_line?: string;
          p_campaign_id: string;
          p_click_id?: string;
          p_client_ip: string;
          p_commune: string;
          p_customer_phone: string;
          p_delivery_note?: string;
          p_district: string;
          p_influencer_id: string;
          p_landmark?: string;
          p_province?: string;
          p_quantity: number;
          p_recipient_name?: string;
        };
        Returns: Database["public"]["Tables"]["orders"]["Row"];
        SetofOptions: {
          from: "*";
          to: "orders";
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      place_order_once: {
        Args: {
          p_address_line?: string;
          p_campaign_id: string;
          p_click_id?: string;
          p_client_ip: string;
          p_commune: string;
          p_customer_phone: string;
          p_delivery_note?: string;
          p_district: string;
          p_idempotency_key: string;
          p_influencer_id: string;
          p_landmark?: string;
          p_province?: string;
          p_quantity: number;
          p_recipient_name?: string;
        };
        Returns: {
          notice_queued: boolean;
          order_id: string;
          placed: Database["public"]["Tables"]["orders"]["Row"];
          replayed: boolean;
          tracking_token: string;
        }[];
      };
      platform_scope_id: { Args: Record<PropertyKey, never>; Returns: string };
      post_delivery: { Args: { p_order_id: string }; Returns: undefined };
      random_token: { Args: { p_bytes: number }; Returns: string };
      rebuild_running_balances: { Args: Record<PropertyKey, never>; Returns: undefined };
      record_admin_action: {
        Args: {
          p_action: Database["public"]["Enums"]["audit_action"];
          p_details: Json;
          p_shop_may_act?: boolean;
          p_target_id: string;
          p_target_type: Database["public"]["Enums"]["audit_target_type"];
        };
        Returns: undefined;
      };
      record_click: {
        Args: {
          p_client_address: string;
          p_device_class: Database["public"]["Enums"]["device_class"];
          p_referrer_host: string;
          p_short_code: string;
          p_source: Database["public"]["Enums"]["click_source"];
          p_user_agent: string;
        };
        Returns: {
          campaign_id: string;
          click_id: string;
          influencer_id: string;
        }[];
      };
      refresh_session: {
        Args: { p_refresh_token: string };
        Returns: {
          outcome: string;
          refresh_token: string;
          session_id: string;
          user_id: string;
        }[];
      };
      register_user: {
        Args: {
          p_business_name?: string;
          p_email: string;
          p_full_name?: string;
          p_password: string;
          p_platform?: string;
          p_social_media_page?: string;
          p_store_phone?: string;
          p_user_type: string;
        };
        Returns: Database["public"]["Tables"]["users"]["Row"];
        SetofOptions: {
          from: "*";
          to: "users";
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      release_after_remittance: { Args: Record<PropertyKey, never>; Returns: boolean };
      release_cutoff: { Args: Record<PropertyKey, never>; Returns: string };
      remind_couriers_cash: { Args: Record<PropertyKey, never>; Returns: number };
      request_password_reset: {
        Args: { p_client_ip: string; p_email: string };
        Returns: {
          email: string;
          reset_token: string;
          user_id: string;
        }[];
      };
      reset_password: { Args: { p_new_password: string; p_token: string }; Returns: boolean };
      reverse_delivery: { Args: { p_order_id: string }; Returns: undefined };
      rider_courier_id: { Args: { p_token: string }; Returns: string };
      rider_orders: {
        Args: { p_courier_id: string; p_limit: number };
        Returns: {
          address_line: string;
          business_name: string;
          created_at: string;
          customer_phone: string;
          delivery_commune_code: string;
          delivery_note: string;
          id: string;
          landmark: string;
          order_number: string;
          product_name: string;
          quantity: number;
          recipient_name: string;
          status: Database["public"]["Enums"]["order_status"];
          store_phone: string;
          total_cents: number;
        }[];
      };
      rider_step: {
        Args: {
          p_cash_collected_cents?: number;
          p_courier_id: string;
          p_order_id: string;
          p_step: string;
          p_step_id: string;
        };
        Returns: {
          applied: boolean;
          changed: Database["public"]["Tables"]["orders"]["Row"];
          replayed: boolean;
        }[];
      };
      running_balance_differences: {
        Args: Record<PropertyKey, never>;
        Returns: {
          balance: string;
          kept: number;
          key: string;
          recomputed: number;
        }[];
      };
      send_live_event: {
        Args: { p_id: string; p_op: string; p_table: string; p_topics: string[] };
        Returns: undefined;
      };
      send_live_events: {
        Args: { p_ids: string[]; p_op: string; p_table: string; p_topics: string[] };
        Returns: undefined;
      };
      session_is_active: {
        Args: {
          p_session: Omit<
            Database["private"]["Tables"]["sessions"]["Row"],
            Database["private"]["Tables"]["sessions"]["ComputedFields"]
          >;
        };
        Returns: boolean;
      };
      session_is_live: { Args: Record<PropertyKey, never>; Returns: boolean };
      start_session: {
        Args: { p_device: string; p_user_id: string };
        Returns: {
          refresh_token: string;
          session_id: string;
        }[];
      };
      telegram_notice_queued: { Args: Record<PropertyKey, never>; Returns: boolean };
      tlv_value: { Args: { p_tag: string; p_text: string }; Returns: string };
      tracked_order_id: { Args: { p_token: string }; Returns: string };
      verify_login: {
        Args: { p_email: string; p_password: string };
        Returns: Database["public"]["Tables"]["users"]["Row"];
        SetofOptions: {
          from: "*";
          to: "users";
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
    };
    Enums: {
      public_route: "short_link" | "order_page" | "rider_page";
    };
    CompositeTypes: {
      earning_hour_change: {
        account_id: number | null;
        held: boolean | null;
        earned_hour: string | null;
        amount_cents: number | null;
        awaiting_cash: boolean | null;
      };
    };
  };
  public: {
    Tables: {
      affiliate_link_rejections: {
        Row: {
          affiliate_link_id: string;
          attempt: number;
          created_at: string;
          influencer_id: string;
          reason: string;
        };
        ComputedFields: never;
        Insert: {
          affiliate_link_id: string;
          attempt?: number;
          created_at?: string;
          influencer_id: string;
          reason: string;
        };
        Update: {
          affiliate_link_id?: string;
          attempt?: number;
          created_at?: string;
          influencer_id?: string;
          reason?: string;
        };
        Relationships: [
          {
            foreignKeyName: "affiliate_link_rejections_affiliate_link_id_fkey";
            columns: ["affiliate_link_id"];
            isOneToOne: false;
            referencedRelation: "affiliate_links";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "affiliate_link_rejections_influencer_id_fkey";
            columns: ["influencer_id"];
            isOneToOne: false;
            referencedRelation: "users";
            referencedColumns: ["id"];
          },
        ];
      };
      affiliate_links: {
        Row: {
          attempt: number;
          campaign_id: string;
          created_at: string;
          decided_at: string | null;
          decided_by: string | null;
          id: string;
          influencer_id: string;
          is_approved: boolean;
          reapplied_at: string | null;
          short_code: string | null;
          status: Database["public"]["Enums"]["link_status"];
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          attempt?: number;
          campaign_id: string;
          created_at?: string;
          decided_at?: string | null;
          decided_by?: string | null;
          id?: string;
          influencer_id: string;
          is_approved?: never;
          reapplied_at?: string | null;
          short_code?: string | null;
          status?: Database["public"]["Enums"]["link_status"];
          updated_at?: string;
        };
        Update: {
          attempt?: number;
          campaign_id?: string;
          created_at?: string;
          decided_at?: string | null;
          decided_by?: string | null;
          id?: string;
          influencer_id?: string;
          is_approved?: never;
          reapplied_at?: string | null;
          short_code?: string | null;
          status?: Database["public"]["Enums"]["link_status"];
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: "affiliate_links_campaign_id_fkey";
            columns: ["campaign_id"];
            isOneToOne: false;
            referencedRelation: "campaigns";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "affiliate_links_decided_by_fkey";
            columns: ["decided_by"];
            isOneToOne: false;
            referencedRelation: "users";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "affiliate_links_influencer_id_fkey";
            columns: ["influencer_id"];
            isOneToOne: false;
            referencedRelation: "users";
            referencedColumns: ["id"];
          },
        ];
      };
      audit_log: {
        Row: {
          action: Database["public"]["Enums"]["audit_action"];
          actor_courier_id: string | null;
          actor_email: string | null;
          actor_id: string | null;
          created_at: string;
          details: NonNullable<Json>;
          id: number;
          target_id: string;
          target_type: Database["public"]["Enums"]["audit_target_type"];
        };
        ComputedFields: never;
        Insert: {
          action: Database["public"]["Enums"]["audit_action"];
          actor_courier_id?: string | null;
          actor_email?: string | null;
          actor_id?: string | null;
          created_at?: string;
          details?: NonNullable<Json>;
          id?: never;
          target_id: string;
          target_type: Database["public"]["Enums"]["audit_target_type"];
        };
        Update: {
          action?: Database["public"]["Enums"]["audit_action"];
          actor_courier_id?: string | null;
          actor_email?: string | null;
          actor_id?: string | null;
          created_at?: string;
          details?: NonNullable<Json>;
          id?: never;
          target_id?: string;
          target_type?: Database["public"]["Enums"]["audit_target_type"];
        };
        Relationships: [
          {
            foreignKeyName: "audit_log_actor_courier_id_fkey";
            columns: ["actor_courier_id"];
            isOneToOne: false;
            referencedRelation: "couriers";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "audit_log_actor_id_fkey";
            columns: ["actor_id"];
            isOneToOne: false;
            referencedRelation: "users";
            referencedColumns: ["id"];
          },
        ];
      };
      campaigns: {
        Row: {
          business_id: string;
          commission_rate: number;
          created_at: string;
          deactivated_at: string | null;
          description: string;
          end_date: string | null;
          id: string;
          image_urls: string[];
          is_active: boolean;
          price_cents: number;
          product_name: string;
          start_date: string | null;
          status: Database["public"]["Enums"]["campaign_status"];
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          business_id: string;
          commission_rate: number;
          created_at?: string;
          deactivated_at?: string | null;
          description?: string;
          end_date?: string | null;
          id?: string;
          image_urls: string[];
          is_active?: never;
          price_cents: number;
          product_name: string;
          start_date?: string | null;
          status?: Database["public"]["Enums"]["campaign_status"];
          updated_at?: string;
        };
        Update: {
          business_id?: string;
          commission_rate?: number;
          created_at?: string;
          deactivated_at?: string | null;
          description?: string;
          end_date?: string | null;
          id?: string;
          image_urls?: string[];
          is_active?: never;
          price_cents?: number;
          product_name?: string;
          start_date?: string | null;
          status?: Database["public"]["Enums"]["campaign_status"];
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: "campaigns_business_id_fkey";
            columns: ["business_id"];
            isOneToOne: false;
            referencedRelation: "users";
            referencedColumns: ["id"];
          },
        ];
      };
      communes: {
        Row: {
          code: string;
          district_code: string;
          kind: Database["public"]["Enums"]["place_kind"];
          name_en: string;
          name_km: string;
        };
        ComputedFields: never;
        Insert: {
          code: string;
          district_code: string;
          kind: Database["public"]["Enums"]["place_kind"];
          name_en: string;
          name_km: string;
        };
        Update: {
          code?: string;
          district_code?: string;
          kind?: Database["public"]["Enums"]["place_kind"];
          name_en?: string;
          name_km?: string;
        };
        Relationships: [
          {
            foreignKeyName: "communes_district_code_fkey";
            columns: ["district_code"];
            isOneToOne: false;
            referencedRelation: "districts";
            referencedColumns: ["code"];
          },
        ];
      };
      couriers: {
        Row: {
          active: boolean;
          created_at: string;
          id: string;
          keeps_delivery_fee: boolean;
          kind: Database["public"]["Enums"]["courier_kind"];
          name: string;
          phone: string;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          active?: boolean;
          created_at?: string;
          id?: string;
          keeps_delivery_fee?: boolean;
          kind: Database["public"]["Enums"]["courier_kind"];
          name: string;
          phone: string;
          updated_at?: string;
        };
        Update: {
          active?: boolean;
          created_at?: string;
          id?: string;
          keeps_delivery_fee?: boolean;
          kind?: Database["public"]["Enums"]["courier_kind"];
          name?: string;
          phone?: string;
          updated_at?: string;
        };
        Relationships: [];
      };
      delivery_zones: {
        Row: {
          commune_code: string;
          fee_cents: number;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          commune_code: string;
          fee_cents: number;
          updated_at?: string;
        };
        Update: {
          commune_code?: string;
          fee_cents?: number;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: "delivery_zones_commune_code_fkey";
            columns: ["commune_code"];
            isOneToOne: true;
            referencedRelation: "communes";
            referencedColumns: ["code"];
          },
        ];
      };
      districts: {
        Row: {
          code: string;
          kind: Database["public"]["Enums"]["place_kind"];
          name_en: string;
          name_km: string;
          province_code: string;
        };
        ComputedFields: never;
        Insert: {
          code: string;
          kind: Database["public"]["Enums"]["place_kind"];
          name_en: string;
          name_km: string;
          province_code: string;
        };
        Update: {
          code?: string;
          kind?: Database["public"]["Enums"]["place_kind"];
          name_en?: string;
          name_km?: string;
          province_code?: string;
        };
        Relationships: [
          {
            foreignKeyName: "districts_province_code_fkey";
            columns: ["province_code"];
            isOneToOne: false;
            referencedRelation: "provinces";
            referencedColumns: ["code"];
          },
        ];
      };
      facebook_pages: {
        Row: {
          connected_at: string;
          influencer_id: string;
          page_id: string;
          page_name: string;
          token_ciphertext: string;
          token_refused_at: string | null;
        };
        ComputedFields: never;
        Insert: {
          connected_at?: string;
          influencer_id: string;
          page_id: string;
          page_name: string;
          token_ciphertext: string;
          token_refused_at?: string | null;
        };
        Update: {
          connected_at?: string;
          influencer_id?: string;
          page_id?: string;
          page_name?: string;
          token_ciphertext?: string;
          token_refused_at?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: "facebook_pages_influencer_id_fkey";
            columns: ["influencer_id"];
            isOneToOne: true;
            referencedRelation: "users";
            referencedColumns: ["id"];
          },
        ];
      };
      instagram_accounts: {
        Row: {
          connected_at: string;
          ig_user_id: string;
          influencer_id: string;
          token_ciphertext: string;
          token_expires_at: string;
          token_issued_at: string;
          token_refused_at: string | null;
          username: string;
        };
        ComputedFields: never;
        Insert: {
          connected_at?: string;
          ig_user_id: string;
          influencer_id: string;
          token_ciphertext: string;
          token_expires_at: string;
          token_issued_at: string;
          token_refused_at?: string | null;
          username: string;
        };
        Update: {
          connected_at?: string;
          ig_user_id?: string;
          influencer_id?: string;
          token_ciphertext?: string;
          token_expires_at?: string;
          token_issued_at?: string;
          token_refused_at?: string | null;
          username?: string;
        };
        Relationships: [
          {
            foreignKeyName: "instagram_accounts_influencer_id_fkey";
            columns: ["influencer_id"];
            isOneToOne: true;
            referencedRelation: "users";
            referencedColumns: ["id"];
          },
        ];
      };
      keyword_events: {
        Row: {
          account_id: string;
          attempts: number;
          error_code: number | null;
          error_message: string | null;
          error_subcode: number | null;
          external_id: string;
          finished_at: string | null;
          from_username: string | null;
          id: string;
          influencer_id: string;
          keyword: string | null;
          keyword_trigger_id: string | null;
          kind: Database["public"]["Enums"]["keyword_event_kind"];
          outcome: Database["public"]["Enums"]["keyword_event_outcome"];
          platform: Database["public"]["Enums"]["social_platform"];
          received_at: string;
          reply_message_id: string | null;
          sender_id: string;
          skip_reason: Database["public"]["Enums"]["keyword_skip_reason"] | null;
        };
        ComputedFields: never;
        Insert: {
          account_id: string;
          attempts?: number;
          error_code?: number | null;
          error_message?: string | null;
          error_subcode?: number | null;
          external_id: string;
          finished_at?: string | null;
          from_username?: string | null;
          id?: string;
          influencer_id: string;
          keyword?: string | null;
          keyword_trigger_id?: string | null;
          kind: Database["public"]["Enums"]["keyword_event_kind"];
          outcome: Database["public"]["Enums"]["keyword_event_outcome"];
          platform: Database["public"]["Enums"]["social_platform"];
          received_at?: string;
          reply_message_id?: string | null;
          sender_id: string;
          skip_reason?: Database["public"]["Enums"]["keyword_skip_reason"] | null;
        };
        Update: {
          account_id?: string;
          attempts?: number;
          error_code?: number | null;
          error_message?: string | null;
          error_subcode?: number | null;
          external_id?: string;
          finished_at?: string | null;
          from_username?: string | null;
          id?: string;
          influencer_id?: string;
          keyword?: string | null;
          keyword_trigger_id?: string | null;
          kind?: Database["public"]["Enums"]["keyword_event_kind"];
          outcome?: Database["public"]["Enums"]["keyword_event_outcome"];
          platform?: Database["public"]["Enums"]["social_platform"];
          received_at?: string;
          reply_message_id?: string | null;
          sender_id?: string;
          skip_reason?: Database["public"]["Enums"]["keyword_skip_reason"] | null;
        };
        Relationships: [
          {
            foreignKeyName: "keyword_events_influencer_id_fkey";
            columns: ["influencer_id"];
            isOneToOne: false;
            referencedRelation: "users";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "keyword_events_keyword_trigger_id_fkey";
            columns: ["keyword_trigger_id"];
            isOneToOne: false;
            referencedRelation: "keyword_triggers";
            referencedColumns: ["id"];
          },
        ];
      };
      keyword_triggers: {
        Row: {
          affiliate_link_id: string;
          campaign_id: string;
          created_at: string;
          dm_template_text: string;
          id: string;
          influencer_id: string;
          is_active: boolean;
          keyword: string;
        };
        ComputedFields: never;
        Insert: {
          affiliate_link_id: string;
          campaign_id: string;
          created_at?: string;
          dm_template_text: string;
          id?: string;
          influencer_id: string;
          is_active?: boolean;
          keyword: string;
        };
        Update: {
          affiliate_link_id?: string;
          campaign_id?: string;
          created_at?: string;
          dm_template_text?: string;
          id?: string;
          influencer_id?: string;
          is_active?: boolean;
          keyword?: string;
        };
        Relationships: [
          {
            foreignKeyName: "keyword_triggers_affiliate_link_id_fkey";
            columns: ["affiliate_link_id"];
            isOneToOne: true;
            referencedRelation: "affiliate_links";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "keyword_triggers_campaign_id_fkey";
            columns: ["campaign_id"];
            isOneToOne: false;
            referencedRelation: "campaigns";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "keyword_triggers_influencer_id_fkey";
            columns: ["influencer_id"];
            isOneToOne: false;
            referencedRelation: "users";
            referencedColumns: ["id"];
          },
        ];
      };
      ledger_accounts: {
        Row: {
          courier_id: string | null;
          created_at: string;
          id: number;
          kind: Database["public"]["Enums"]["ledger_account_kind"];
          user_id: string | null;
        };
        ComputedFields: never;
        Insert: {
          courier_id?: string | null;
          created_at?: string;
          id?: never;
          kind: Database["public"]["Enums"]["ledger_account_kind"];
          user_id?: string | null;
        };
        Update: {
          courier_id?: string | null;
          created_at?: string;
          id?: never;
          kind?: Database["public"]["Enums"]["ledger_account_kind"];
          user_id?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: "ledger_accounts_courier_id_fkey";
            columns: ["courier_id"];
            isOneToOne: false;
            referencedRelation: "couriers";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "ledger_accounts_user_id_fkey";
            columns: ["user_id"];
            isOneToOne: false;
            referencedRelation: "users";
            referencedColumns: ["id"];
          },
        ];
      };
      ledger_balances: {
        Row: {
          account_id: number;
          balance_cents: number;
          line: Database["public"]["Enums"]["ledger_line"];
        };
        ComputedFields: never;
        Insert: {
          account_id: number;
          balance_cents: number;
          line: Database["public"]["Enums"]["ledger_line"];
        };
        Update: {
          account_id?: number;
          balance_cents?: number;
          line?: Database["public"]["Enums"]["ledger_line"];
        };
        Relationships: [
          {
            foreignKeyName: "ledger_balances_account_id_fkey";
            columns: ["account_id"];
            isOneToOne: false;
            referencedRelation: "ledger_accounts";
            referencedColumns: ["id"];
          },
        ];
      };
      ledger_entries: {
        Row: {
          account_id: number;
          amount_cents: number;
          created_at: string;
          id: number;
          line: Database["public"]["Enums"]["ledger_line"];
          transaction_id: number;
        };
        ComputedFields: never;
        Insert: {
          account_id: number;
          amount_cents: number;
          created_at?: string;
          id?: never;
          line: Database["public"]["Enums"]["ledger_line"];
          transaction_id: number;
        };
        Update: {
          account_id?: number;
          amount_cents?: number;
          created_at?: string;
          id?: never;
          line?: Database["public"]["Enums"]["ledger_line"];
          transaction_id?: number;
        };
        Relationships: [
          {
            foreignKeyName: "ledger_entries_account_id_fkey";
            columns: ["account_id"];
            isOneToOne: false;
            referencedRelation: "ledger_accounts";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "ledger_entries_transaction_id_fkey";
            columns: ["transaction_id"];
            isOneToOne: false;
            referencedRelation: "ledger_transactions";
            referencedColumns: ["id"];
          },
        ];
      };
      ledger_transactions: {
        Row: {
          created_at: string;
          created_by: string | null;
          delivery_number: number | null;
          id: number;
          kind: Database["public"]["Enums"]["ledger_transaction_kind"];
          order_id: string | null;
          payout_request_id: string | null;
          remittance_id: string | null;
          reverses_transaction_id: number | null;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          created_by?: string | null;
          delivery_number?: number | null;
          id?: never;
          kind: Database["public"]["Enums"]["ledger_transaction_kind"];
          order_id?: string | null;
          payout_request_id?: string | null;
          remittance_id?: string | null;
          reverses_transaction_id?: number | null;
        };
        Update: {
          created_at?: string;
          created_by?: string | null;
          delivery_number?: number | null;
          id?: never;
          kind?: Database["public"]["Enums"]["ledger_transaction_kind"];
          order_id?: string | null;
          payout_request_id?: string | null;
          remittance_id?: string | null;
          reverses_transaction_id?: number | null;
        };
        Relationships: [
          {
            foreignKeyName: "ledger_transactions_created_by_fkey";
            columns: ["created_by"];
            isOneToOne: false;
            referencedRelation: "users";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "ledger_transactions_order_id_fkey";
            columns: ["order_id"];
            isOneToOne: false;
            referencedRelation: "orders";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "ledger_transactions_payout_request_id_fkey";
            columns: ["payout_request_id"];
            isOneToOne: true;
            referencedRelation: "payout_requests";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "ledger_transactions_remittance_id_fkey";
            columns: ["remittance_id"];
            isOneToOne: false;
            referencedRelation: "remittances";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "ledger_transactions_reverses_transaction_id_fkey";
            columns: ["reverses_transaction_id"];
            isOneToOne: true;
            referencedRelation: "ledger_transactions";
            referencedColumns: ["id"];
          },
        ];
      };
      link_click_counts: {
        Row: {
          affiliate_link_id: string;
          business_id: string;
          clicks: number;
          influencer_id: string;
          last_click_at: string;
        };
        ComputedFields: never;
        Insert: {
          affiliate_link_id: string;
          business_id: string;
          clicks?: number;
          influencer_id: string;
          last_click_at: string;
        };
        Update: {
          affiliate_link_id?: string;
          business_id?: string;
          clicks?: number;
          influencer_id?: string;
          last_click_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: "link_click_counts_affiliate_link_id_fkey";
            columns: ["affiliate_link_id"];
            isOneToOne: true;
            referencedRelation: "affiliate_links";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "link_click_counts_business_id_fkey";
            columns: ["business_id"];
            isOneToOne: false;
            referencedRelation: "users";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "link_click_counts_influencer_id_fkey";
            columns: ["influencer_id"];
            isOneToOne: false;
            referencedRelation: "users";
            referencedColumns: ["id"];
          },
        ];
      };
      link_clicks: {
        Row: {
          address_hash: string | null;
          affiliate_link_id: string;
          business_id: string;
          campaign_id: string;
          created_at: string;
          device_class: Database["public"]["Enums"]["device_class"];
          id: string;
          influencer_id: string;
          referrer_host: string | null;
          source: Database["public"]["Enums"]["click_source"];
          visitor_hash: string;
        };
        ComputedFields: never;
        Insert: {
          address_hash?: string | null;
          affiliate_link_id: string;
          business_id: string;
          campaign_id: string;
          created_at?: string;
          device_class: Database["public"]["Enums"]["device_class"];
          id?: string;
          influencer_id: string;
          referrer_host?: string | null;
          source: Database["public"]["Enums"]["click_source"];
          visitor_hash: string;
        };
        Update: {
          address_hash?: string | null;
          affiliate_link_id?: string;
          business_id?: string;
          campaign_id?: string;
          created_at?: string;
          device_class?: Database["public"]["Enums"]["device_class"];
          id?: string;
          influencer_id?: string;
          referrer_host?: string | null;
          source?: Database["public"]["Enums"]["click_source"];
          visitor_hash?: string;
        };
        Relationships: [
          {
            foreignKeyName: "link_clicks_affiliate_link_id_fkey";
            columns: ["affiliate_link_id"];
            isOneToOne: false;
            referencedRelation: "affiliate_links";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "link_clicks_business_id_fkey";
            columns: ["business_id"];
            isOneToOne: false;
            referencedRelation: "users";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "link_clicks_campaign_id_fkey";
            columns: ["campaign_id"];
            isOneToOne: false;
            referencedRelation: "campaigns";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "link_clicks_influencer_id_fkey";
            columns: ["influencer_id"];
            isOneToOne: false;
            referencedRelation: "users";
            referencedColumns: ["id"];
          },
        ];
      };
      marketplace_settings: {
        Row: {
          commission_hold_days: number;
          courier_remit_days: number;
          id: boolean;
          max_commission_rate: number;
          refusal_flag_min_finished: number;
          refusal_flag_percent: number;
          release_after_remittance: boolean;
          repeat_phone_hours: number;
          repeat_phone_orders: number;
          riel_per_usd: number;
          unconfirmed_cancel_hours: number;
          updated_at: string;
          updated_by: string | null;
        };
        ComputedFields: never;
        Insert: {
          commission_hold_days?: number;
          courier_remit_days?: number;
          id?: boolean;
          max_commission_rate?: number;
          refusal_flag_min_finished?: number;
          refusal_flag_percent?: number;
          release_after_remittance?: boolean;
          repeat_phone_hours?: number;
          repeat_phone_orders?: number;
          riel_per_usd?: number;
          unconfirmed_cancel_hours?: number;
          updated_at?: string;
          updated_by?: string | null;
        };
        Update: {
          commission_hold_days?: number;
          courier_remit_days?: number;
          id?: boolean;
          max_commission_rate?: number;
          refusal_flag_min_finished?: number;
          refusal_flag_percent?: number;
          release_after_remittance?: boolean;
          repeat_phone_hours?: number;
          repeat_phone_orders?: number;
          riel_per_usd?: number;
          unconfirmed_cancel_hours?: number;
          updated_at?: string;
          updated_by?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: "marketplace_settings_updated_by_fkey";
            columns: ["updated_by"];
            isOneToOne: false;
            referencedRelation: "users";
            referencedColumns: ["id"];
          },
        ];
      };
      order_cash: {
        Row: {
          courier_id: string;
          delivered_at: string;
          due_cents: number;
          order_id: string;
          remitted_cents: number;
          status: Database["public"]["Enums"]["cash_status"];
        };
        ComputedFields: never;
        Insert: {
          courier_id: string;
          delivered_at: string;
          due_cents: number;
          order_id: string;
          remitted_cents?: number;
          status?: never;
        };
        Update: {
          courier_id?: string;
          delivered_at?: string;
          due_cents?: number;
          order_id?: string;
          remitted_cents?: number;
          status?: never;
        };
        Relationships: [
          {
            foreignKeyName: "order_cash_courier_id_fkey";
            columns: ["courier_id"];
            isOneToOne: false;
            referencedRelation: "couriers";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "order_cash_order_id_fkey";
            columns: ["order_id"];
            isOneToOne: true;
            referencedRelation: "orders";
            referencedColumns: ["id"];
          },
        ];
      };
      order_confirmation_calls: {
        Row: {
          called_at: string;
          called_by: string;
          id: number;
          note: string | null;
          order_id: string;
          outcome: Database["public"]["Enums"]["confirmation_call_outcome"];
        };
        ComputedFields: never;
        Insert: {
          called_at?: string;
          called_by: string;
          id?: never;
          note?: string | null;
          order_id: string;
          outcome: Database["public"]["Enums"]["confirmation_call_outcome"];
        };
        Update: {
          called_at?: string;
          called_by?: string;
          id?: never;
          note?: string | null;
          order_id?: string;
          outcome?: Database["public"]["Enums"]["confirmation_call_outcome"];
        };
        Relationships: [
          {
            foreignKeyName: "order_confirmation_calls_called_by_fkey";
            columns: ["called_by"];
            isOneToOne: false;
            referencedRelation: "users";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "order_confirmation_calls_order_id_fkey";
            columns: ["order_id"];
            isOneToOne: false;
            referencedRelation: "orders";
            referencedColumns: ["id"];
          },
        ];
      };
      order_flags: {
        Row: {
          created_at: string;
          flags: Database["public"]["Enums"]["order_flag"][];
          order_id: string;
          reviewed_at: string | null;
          reviewed_by: string | null;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          flags: Database["public"]["Enums"]["order_flag"][];
          order_id: string;
          reviewed_at?: string | null;
          reviewed_by?: string | null;
        };
        Update: {
          created_at?: string;
          flags?: Database["public"]["Enums"]["order_flag"][];
          order_id?: string;
          reviewed_at?: string | null;
          reviewed_by?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: "order_flags_order_id_fkey";
            columns: ["order_id"];
            isOneToOne: true;
            referencedRelation: "orders";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "order_flags_reviewed_by_fkey";
            columns: ["reviewed_by"];
            isOneToOne: false;
            referencedRelation: "users";
            referencedColumns: ["id"];
          },
        ];
      };
      order_status_history: {
        Row: {
          cancellation_reason: Database["public"]["Enums"]["order_cancellation_reason"] | null;
          changed_at: string;
          changed_by: string | null;
          changed_by_courier: string | null;
          from_status: Database["public"]["Enums"]["order_status"] | null;
          id: number;
          note: string | null;
          order_id: string;
          to_status: Database["public"]["Enums"]["order_status"];
        };
        ComputedFields: never;
        Insert: {
          cancellation_reason?: Database["public"]["Enums"]["order_cancellation_reason"] | null;
          changed_at?: string;
          changed_by?: string | null;
          changed_by_courier?: string | null;
          from_status?: Database["public"]["Enums"]["order_status"] | null;
          id?: never;
          note?: string | null;
          order_id: string;
          to_status: Database["public"]["Enums"]["order_status"];
        };
        Update: {
          cancellation_reason?: Database["public"]["Enums"]["order_cancellation_reason"] | null;
          changed_at?: string;
          changed_by?: string | null;
          changed_by_courier?: string | null;
          from_status?: Database["public"]["Enums"]["order_status"] | null;
          id?: never;
          note?: string | null;
          order_id?: string;
          to_status?: Database["public"]["Enums"]["order_status"];
        };
        Relationships: [
          {
            foreignKeyName: "order_status_history_changed_by_courier_fkey";
            columns: ["changed_by_courier"];
            isOneToOne: false;
            referencedRelation: "couriers";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "order_status_history_changed_by_fkey";
            columns: ["changed_by"];
            isOneToOne: false;
            referencedRelation: "users";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "order_status_history_order_id_fkey";
            columns: ["order_id"];
            isOneToOne: false;
            referencedRelation: "orders";
            referencedColumns: ["id"];
          },
        ];
      };
      orders: {
        Row: {
          affiliate_link_id: string;
          business_gross_cents: number;
          business_id: string;
          business_net_cents: number;
          campaign_id: string;
          cancellation_reason: Database["public"]["Enums"]["order_cancellation_reason"] | null;
          click_id: string | null;
          commission_cents: number;
          commission_rate: number;
          confirmation: Database["public"]["Enums"]["order_confirmation"];
          courier_id: string | null;
          created_at: string;
          delivery_commune: string;
          delivery_commune_code: string;
          delivery_district: string;
          delivery_fee_cents: number;
          id: string;
          influencer_id: string;
          order_number: string;
          platform_fee_cents: number;
          product_name: string;
          quantity: number;
          review_status: Database["public"]["Enums"]["order_review_status"] | null;
          source: Database["public"]["Enums"]["click_source"] | null;
          status: Database["public"]["Enums"]["order_status"];
          subtotal_cents: number;
          total_cents: number;
          unit_price_cents: number;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          affiliate_link_id: string;
          business_gross_cents?: never;
          business_id: string;
          business_net_cents?: never;
          campaign_id: string;
          cancellation_reason?: Database["public"]["Enums"]["order_cancellation_reason"] | null;
          click_id?: string | null;
          commission_cents?: never;
          commission_rate: number;
          confirmation?: Database["public"]["Enums"]["order_confirmation"];
          courier_id?: string | null;
          created_at?: string;
          delivery_commune: string;
          delivery_commune_code: string;
          delivery_district: string;
          delivery_fee_cents: number;
          id?: string;
          influencer_id: string;
          order_number?: string;
          platform_fee_cents?: never;
          product_name: string;
          quantity: number;
          review_status?: Database["public"]["Enums"]["order_review_status"] | null;
          source?: Database["public"]["Enums"]["click_source"] | null;
          status?: Database["public"]["Enums"]["order_status"];
          subtotal_cents?: never;
          total_cents?: never;
          unit_price_cents: number;
          updated_at?: string;
        };
        Update: {
          affiliate_link_id?: string;
          business_gross_cents?: never;
          business_id?: string;
          business_net_cents?: never;
          campaign_id?: string;
          cancellation_reason?: Database["public"]["Enums"]["order_cancellation_reason"] | null;
          click_id?: string | null;
          commission_cents?: never;
          commission_rate?: number;
          confirmation?: Database["public"]["Enums"]["order_confirmation"];
          courier_id?: string | null;
          created_at?: string;
          delivery_commune?: string;
          delivery_commune_code?: string;
          delivery_district?: string;
          delivery_fee_cents?: number;
          id?: string;
          influencer_id?: string;
          order_number?: string;
          platform_fee_cents?: never;
          product_name?: string;
          quantity?: number;
          review_status?: Database["public"]["Enums"]["order_review_status"] | null;
          source?: Database["public"]["Enums"]["click_source"] | null;
          status?: Database["public"]["Enums"]["order_status"];
          subtotal_cents?: never;
          total_cents?: never;
          unit_price_cents?: number;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: "orders_affiliate_link_id_fkey";
            columns: ["affiliate_link_id"];
            isOneToOne: false;
            referencedRelation: "affiliate_links";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "orders_business_id_fkey";
            columns: ["business_id"];
            isOneToOne: false;
            referencedRelation: "users";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "orders_campaign_id_fkey";
            columns: ["campaign_id"];
            isOneToOne: false;
            referencedRelation: "campaigns";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "orders_click_id_fkey";
            columns: ["click_id"];
            isOneToOne: false;
            referencedRelation: "link_clicks";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "orders_courier_id_fkey";
            columns: ["courier_id"];
            isOneToOne: false;
            referencedRelation: "couriers";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "orders_delivery_commune_code_fkey";
            columns: ["delivery_commune_code"];
            isOneToOne: false;
            referencedRelation: "communes";
            referencedColumns: ["code"];
          },
          {
            foreignKeyName: "orders_influencer_id_fkey";
            columns: ["influencer_id"];
            isOneToOne: false;
            referencedRelation: "users";
            referencedColumns: ["id"];
          },
        ];
      };
      payout_reference_corrections: {
        Row: {
          aba_reference: string;
          corrected_at: string;
          corrected_by: string;
          id: number;
          payout_request_id: string;
          previous_reference: string;
          reason: string;
        };
        ComputedFields: never;
        Insert: {
          aba_reference: string;
          corrected_at?: string;
          corrected_by: string;
          id?: never;
          payout_request_id: string;
          previous_reference: string;
          reason: string;
        };
        Update: {
          aba_reference?: string;
          corrected_at?: string;
          corrected_by?: string;
          id?: never;
          payout_request_id?: string;
          previous_reference?: string;
          reason?: string;
        };
        Relationships: [
          {
            foreignKeyName: "payout_reference_corrections_corrected_by_fkey";
            columns: ["corrected_by"];
            isOneToOne: false;
            referencedRelation: "users";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "payout_reference_corrections_payout_request_id_fkey";
            columns: ["payout_request_id"];
            isOneToOne: false;
            referencedRelation: "payout_requests";
            referencedColumns: ["id"];
          },
        ];
      };
      payout_request_entries: {
        Row: {
          ledger_entry_id: number;
          payout_request_id: string;
        };
        ComputedFields: never;
        Insert: {
          ledger_entry_id: number;
          payout_request_id: string;
        };
        Update: {
          ledger_entry_id?: number;
          payout_request_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: "payout_request_entries_ledger_entry_id_fkey";
            columns: ["ledger_entry_id"];
            isOneToOne: true;
            referencedRelation: "ledger_entries";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "payout_request_entries_payout_request_id_fkey";
            columns: ["payout_request_id"];
            isOneToOne: false;
            referencedRelation: "payout_requests";
            referencedColumns: ["id"];
          },
        ];
      };
      payout_requests: {
        Row: {
          aba_reference: string | null;
          account_name: string | null;
          account_number: string | null;
          amount_cents: number;
          bank_name: string | null;
          cancelled_at: string | null;
          completed_at: string | null;
          completed_by: string | null;
          covered_products: string[];
          covered_transactions: number;
          fee_cents: number;
          gross_cents: number;
          id: string;
          khqr: string | null;
          rejected_at: string | null;
          rejected_by: string | null;
          rejection_reason: string | null;
          requested_at: string;
          status: Database["public"]["Enums"]["payout_status"];
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          aba_reference?: string | null;
          account_name?: string | null;
          account_number?: string | null;
          amount_cents: number;
          bank_name?: string | null;
          cancelled_at?: string | null;
          completed_at?: string | null;
          completed_by?: string | null;
          covered_products?: string[];
          covered_transactions?: number;
          fee_cents: number;
          gross_cents: number;
          id?: string;
          khqr?: string | null;
          rejected_at?: string | null;
          rejected_by?: string | null;
          rejection_reason?: string | null;
          requested_at?: string;
          status?: Database["public"]["Enums"]["payout_status"];
          user_id: string;
        };
        Update: {
          aba_reference?: string | null;
          account_name?: string | null;
          account_number?: string | null;
          amount_cents?: number;
          bank_name?: string | null;
          cancelled_at?: string | null;
          completed_at?: string | null;
          completed_by?: string | null;
          covered_products?: string[];
          covered_transactions?: number;
          fee_cents?: number;
          gross_cents?: number;
          id?: string;
          khqr?: string | null;
          rejected_at?: string | null;
          rejected_by?: string | null;
          rejection_reason?: string | null;
          requested_at?: string;
          status?: Database["public"]["Enums"]["payout_status"];
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: "payout_requests_completed_by_fkey";
            columns: ["completed_by"];
            isOneToOne: false;
            referencedRelation: "users";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "payout_requests_rejected_by_fkey";
            columns: ["rejected_by"];
            isOneToOne: false;
            referencedRelation: "users";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "payout_requests_user_id_fkey";
            columns: ["user_id"];
            isOneToOne: false;
            referencedRelation: "users";
            referencedColumns: ["id"];
          },
        ];
      };
      provinces: {
        Row: {
          code: string;
          delivery_fee_cents: number | null;
          delivery_hours_max: number;
          delivery_hours_min: number;
          kind: Database["public"]["Enums"]["place_kind"];
          name_en: string;
          name_km: string;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          code: string;
          delivery_fee_cents?: number | null;
          delivery_hours_max?: number;
          delivery_hours_min?: number;
          kind: Database["public"]["Enums"]["place_kind"];
          name_en: string;
          name_km: string;
          updated_at?: string;
        };
        Update: {
          code?: string;
          delivery_fee_cents?: number | null;
          delivery_hours_max?: number;
          delivery_hours_min?: number;
          kind?: Database["public"]["Enums"]["place_kind"];
          name_en?: string;
          name_km?: string;
          updated_at?: string;
        };
        Relationships: [];
      };
      remittance_orders: {
        Row: {
          amount_cents: number;
          order_id: string;
          remittance_id: string;
        };
        ComputedFields: never;
        Insert: {
          amount_cents: number;
          order_id: string;
          remittance_id: string;
        };
        Update: {
          amount_cents?: number;
          order_id?: string;
          remittance_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: "remittance_orders_order_id_fkey";
            columns: ["order_id"];
            isOneToOne: false;
            referencedRelation: "orders";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "remittance_orders_remittance_id_fkey";
            columns: ["remittance_id"];
            isOneToOne: false;
            referencedRelation: "remittances";
            referencedColumns: ["id"];
          },
        ];
      };
      remittances: {
        Row: {
          aba_reference: string;
          amount_cents: number;
          courier_id: string;
          id: string;
          received_at: string;
          recorded_at: string;
          recorded_by: string;
          reversal_reason: string | null;
          reversed_at: string | null;
          reversed_by: string | null;
        };
        ComputedFields: never;
        Insert: {
          aba_reference: string;
          amount_cents: number;
          courier_id: string;
          id?: string;
          received_at: string;
          recorded_at?: string;
          recorded_by: string;
          reversal_reason?: string | null;
          reversed_at?: string | null;
          reversed_by?: string | null;
        };
        Update: {
          aba_reference?: string;
          amount_cents?: number;
          courier_id?: string;
          id?: string;
          received_at?: string;
          recorded_at?: string;
          recorded_by?: string;
          reversal_reason?: string | null;
          reversed_at?: string | null;
          reversed_by?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: "remittances_courier_id_fkey";
            columns: ["courier_id"];
            isOneToOne: false;
            referencedRelation: "couriers";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "remittances_recorded_by_fkey";
            columns: ["recorded_by"];
            isOneToOne: false;
            referencedRelation: "users";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "remittances_reversed_by_fkey";
            columns: ["reversed_by"];
            isOneToOne: false;
            referencedRelation: "users";
            referencedColumns: ["id"];
          },
        ];
      };
      storefront_links: {
        Row: {
          affiliate_link_id: string;
          influencer_id: string;
          position: number;
        };
        ComputedFields: never;
        Insert: {
          affiliate_link_id: string;
          influencer_id: string;
          position: number;
        };
        Update: {
          affiliate_link_id?: string;
          influencer_id?: string;
          position?: number;
        };
        Relationships: [
          {
            foreignKeyName: "storefront_links_affiliate_link_id_fkey";
            columns: ["affiliate_link_id"];
            isOneToOne: true;
            referencedRelation: "affiliate_links";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "storefront_links_influencer_id_fkey";
            columns: ["influencer_id"];
            isOneToOne: false;
            referencedRelation: "users";
            referencedColumns: ["id"];
          },
        ];
      };
      telegram_chats: {
        Row: {
          chat_id: number;
          id: string;
          language: Database["public"]["Enums"]["telegram_language"];
          linked_at: string;
          notify_new_orders: boolean;
          notify_payouts: boolean;
          notify_signups: boolean;
          title: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          chat_id: number;
          id?: string;
          language?: Database["public"]["Enums"]["telegram_language"];
          linked_at?: string;
          notify_new_orders?: boolean;
          notify_payouts?: boolean;
          notify_signups?: boolean;
          title: string;
          user_id: string;
        };
        Update: {
          chat_id?: number;
          id?: string;
          language?: Database["public"]["Enums"]["telegram_language"];
          linked_at?: string;
          notify_new_orders?: boolean;
          notify_payouts?: boolean;
          notify_signups?: boolean;
          title?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: "telegram_chats_user_id_fkey";
            columns: ["user_id"];
            isOneToOne: false;
            referencedRelation: "users";
            referencedColumns: ["id"];
          },
        ];
      };
      users: {
        Row: {
          account_name: string | null;
          account_number: string | null;
          bank_name: string | null;
          business_logo_url: string | null;
          business_name: string | null;
          created_at: string;
          decided_at: string | null;
          decided_by: string | null;
          email: string;
          full_name: string | null;
          id: string;
          is_approved: boolean;
          khqr: string | null;
          phone: string | null;
          platform: Database["public"]["Enums"]["social_platform"] | null;
          rejection_reason: string | null;
          social_media_page: string | null;
          status: Database["public"]["Enums"]["account_status"];
          store_handle: string | null;
          store_phone: string | null;
          suspension_reason: string | null;
          updated_at: string;
          user_type: Database["public"]["Enums"]["user_type"];
        };
        ComputedFields: never;
        Insert: {
          account_name?: string | null;
          account_number?: string | null;
          bank_name?: string | null;
          business_logo_url?: string | null;
          business_name?: string | null;
          created_at?: string;
          decided_at?: string | null;
          decided_by?: string | null;
          email: string;
          full_name?: string | null;
          id?: string;
          is_approved?: never;
          khqr?: string | null;
          phone?: string | null;
          platform?: Database["public"]["Enums"]["social_platform"] | null;
          rejection_reason?: string | null;
          social_media_page?: string | null;
          status?: Database["public"]["Enums"]["account_status"];
          store_handle?: string | null;
          store_phone?: string | null;
          suspension_reason?: string | null;
          updated_at?: string;
          user_type: Database["public"]["Enums"]["user_type"];
        };
        Update: {
          account_name?: string | null;
          account_number?: string | null;
          bank_name?: string | null;
          business_logo_url?: string | null;
          business_name?: string | null;
          created_at?: string;
          decided_at?: string | null;
          decided_by?: string | null;
          email?: string;
          full_name?: string | null;
          id?: string;
          is_approved?: never;
          khqr?: string | null;
          phone?: string | null;
          platform?: Database["public"]["Enums"]["social_platform"] | null;
          rejection_reason?: string | null;
          social_media_page?: string | null;
          status?: Database["public"]["Enums"]["account_status"];
          store_handle?: string | null;
          store_phone?: string | null;
          suspension_reason?: string | null;
          updated_at?: string;
          user_type?: Database["public"]["Enums"]["user_type"];
        };
        Relationships: [
          {
            foreignKeyName: "users_decided_by_fkey";
            columns: ["decided_by"];
            isOneToOne: false;
            referencedRelation: "users";
            referencedColumns: ["id"];
          },
        ];
      };
    };
    Views: {
      [_ in never]: never;
    };
    Functions: {
      assign_courier: {
        Args: { p_courier_id: string; p_order_id: string };
        Returns: {
          affiliate_link_id: string;
          business_gross_cents: number;
          business_id: string;
          business_net_cents: number;
          campaign_id: string;
          cancellation_reason: Database["public"]["Enums"]["order_cancellation_reason"] | null;
          click_id: string | null;
          commission_cents: number;
          commission_rate: number;
          confirmation: Database["public"]["Enums"]["order_confirmation"];
          courier_id: string | null;
          created_at: string;
          delivery_commune: string;
          delivery_commune_code: string;
          delivery_district: string;
          delivery_fee_cents: number;
          id: string;
          influencer_id: string;
          order_number: string;
          platform_fee_cents: number;
          product_name: string;
          quantity: number;
          review_status: Database["public"]["Enums"]["order_review_status"] | null;
          source: Database["public"]["Enums"]["click_source"] | null;
          status: Database["public"]["Enums"]["order_status"];
          subtotal_cents: number;
          total_cents: number;
          unit_price_cents: number;
          updated_at: string;
        };
        SetofOptions: {
          from: "*";
          to: "orders";
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      cancel_payout_request: {
        Args: Record<PropertyKey, never>;
        Returns: {
          aba_reference: string | null;
          account_name: string | null;
          account_number: string | null;
          amount_cents: number;
          bank_name: string | null;
          cancelled_at: string | null;
          completed_at: string | null;
          completed_by: string | null;
          covered_products: string[];
          covered_transactions: number;
          fee_cents: number;
          gross_cents: number;
          id: string;
          khqr: string | null;
          rejected_at: string | null;
          rejected_by: string | null;
          rejection_reason: string | null;
          requested_at: string;
          status: Database["public"]["Enums"]["payout_status"];
          user_id: string;
        };
        SetofOptions: {
          from: "*";
          to: "payout_requests";
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      change_my_password: { Args: { p_current_password: string; p_new_password: string }; Returns: boolean };
      change_order_status: {
        Args: { p_new_status: string; p_note?: string; p_order_id: string; p_reason?: string };
        Returns: {
          affiliate_link_id: string;
          business_gross_cents: number;
          business_id: string;
          business_net_cents: number;
          campaign_id: string;
          cancellation_reason: Database["public"]["Enums"]["order_cancellation_reason"] | null;
          click_id: string | null;
          commission_cents: number;
          commission_rate: number;
          confirmation: Database["public"]["Enums"]["order_confirmation"];
          courier_id: string | null;
          created_at: string;
          delivery_commune: string;
          delivery_commune_code: string;
          delivery_district: string;
          delivery_fee_cents: number;
          id: string;
          influencer_id: string;
          order_number: string;
          platform_fee_cents: number;
          product_name: string;
          quantity: number;
          review_status: Database["public"]["Enums"]["order_review_status"] | null;
          source: Database["public"]["Enums"]["click_source"] | null;
          status: Database["public"]["Enums"]["order_status"];
          subtotal_cents: number;
          total_cents: number;
          unit_price_cents: number;
          updated_at: string;
        };
        SetofOptions: {
          from: "*";
          to: "orders";
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      complete_payouts: {
        Args: { p_aba_reference: string; p_user_id: string };
        Returns: {
          aba_reference: string | null;
          account_name: string | null;
          account_number: string | null;
          amount_cents: number;
          bank_name: string | null;
          cancelled_at: string | null;
          completed_at: string | null;
          completed_by: string | null;
          covered_products: string[];
          covered_transactions: number;
          fee_cents: number;
          gross_cents: number;
          id: string;
          khqr: string | null;
          rejected_at: string | null;
          rejected_by: string | null;
          rejection_reason: string | null;
          requested_at: string;
          status: Database["public"]["Enums"]["payout_status"];
          user_id: string;
        };
        SetofOptions: {
          from: "*";
          to: "payout_requests";
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      correct_payout_reference: {
        Args: { p_aba_reference: string; p_reason: string; p_request_id: string };
        Returns: {
          aba_reference: string | null;
          account_name: string | null;
          account_number: string | null;
          amount_cents: number;
          bank_name: string | null;
          cancelled_at: string | null;
          completed_at: string | null;
          completed_by: string | null;
          covered_products: string[];
          covered_transactions: number;
          fee_cents: number;
          gross_cents: number;
          id: string;
          khqr: string | null;
          rejected_at: string | null;
          rejected_by: string | null;
          rejection_reason: string | null;
          requested_at: string;
          status: Database["public"]["Enums"]["payout_status"];
          user_id: string;
        };
        SetofOptions: {
          from: "*";
          to: "payout_requests";
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      courier_links: {
        Args: { p_courier_id: string };
        Returns: {
          created_at: string;
          created_by_email: string;
          id: string;
          last_used_at: string;
          revoked_at: string;
        }[];
      };
      create_courier: {
        Args: { p_keeps_delivery_fee: boolean; p_kind: string; p_name: string; p_phone: string };
        Returns: {
          active: boolean;
          created_at: string;
          id: string;
          keeps_delivery_fee: boolean;
          kind: Database["public"]["Enums"]["courier_kind"];
          name: string;
          phone: string;
          updated_at: string;
        };
        SetofOptions: {
          from: "*";
          to: "couriers";
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      create_courier_link: {
        Args: { p_courier_id: string };
        Returns: {
          created_at: string;
          id: string;
          token: string;
        }[];
      };
      decide_affiliate_link: {
        Args: { p_decision: string; p_link_id: string; p_reason?: string };
        Returns: {
          attempt: number;
          campaign_id: string;
          created_at: string;
          decided_at: string | null;
          decided_by: string | null;
          id: string;
          influencer_id: string;
          is_approved: boolean;
          reapplied_at: string | null;
          short_code: string | null;
          status: Database["public"]["Enums"]["link_status"];
          updated_at: string;
        };
        SetofOptions: {
          from: "*";
          to: "affiliate_links";
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      delivery_quote: {
        Args: { p_commune_code: string };
        Returns: {
          fee_cents: number;
          hours_max: number;
          hours_min: number;
        }[];
      };
      end_my_sessions: { Args: { p_session_id?: string }; Returns: number };
      find_commune: {
        Args: { p_commune: string; p_district: string; p_province: string };
        Returns: {
          code: string;
          district_code: string;
          kind: Database["public"]["Enums"]["place_kind"];
          name_en: string;
          name_km: string;
        }[];
        SetofOptions: {
          from: "*";
          to: "communes";
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      find_district: {
        Args: { p_district: string; p_province: string };
        Returns: {
          code: string;
          kind: Database["public"]["Enums"]["place_kind"];
          name_en: string;
          name_km: string;
          province_code: string;
        }[];
        SetofOptions: {
          from: "*";
          to: "districts";
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      link_self_dealing: { Args: { p_link_id: string }; Returns: string[] };
      mark_order_ready: {
        Args: { p_order_id: string };
        Returns: {
          affiliate_link_id: string;
          business_gross_cents: number;
          business_id: string;
          business_net_cents: number;
          campaign_id: string;
          cancellation_reason: Database["public"]["Enums"]["order_cancellation_reason"] | null;
          click_id: string | null;
          commission_cents: number;
          commission_rate: number;
          confirmation: Database["public"]["Enums"]["order_confirmation"];
          courier_id: string | null;
          created_at: string;
          delivery_commune: string;
          delivery_commune_code: string;
          delivery_district: string;
          delivery_fee_cents: number;
          id: string;
          influencer_id: string;
          order_number: string;
          platform_fee_cents: number;
          product_name: string;
          quantity: number;
          review_status: Database["public"]["Enums"]["order_review_status"] | null;
          source: Database["public"]["Enums"]["click_source"] | null;
          status: Database["public"]["Enums"]["order_status"];
          subtotal_cents: number;
          total_cents: number;
          unit_price_cents: number;
          updated_at: string;
        };
        SetofOptions: {
          from: "*";
          to: "orders";
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      my_sessions: {
        Args: Record<PropertyKey, never>;
        Returns: {
          created_at: string;
          device: string;
          is_current: boolean;
          last_used_at: string;
          session_id: string;
        }[];
      };
      order_delivery_contacts: {
        Args: { p_order_ids: string[] };
        Returns: {
          address_line: string;
          customer_phone: string;
          delivery_note: string;
          landmark: string;
          order_id: string;
          recipient_name: string;
        }[];
      };
      order_totals: {
        Args: Record<PropertyKey, never>;
        Returns: {
          cancellation_reason: Database["public"]["Enums"]["order_cancellation_reason"];
          confirmation: Database["public"]["Enums"]["order_confirmation"];
          orders: number;
          sales_cents: number;
          status: Database["public"]["Enums"]["order_status"];
        }[];
      };
      packing_slips: {
        Args: { p_order_ids: string[] };
        Returns: {
          address_line: string;
          delivery_note: string;
          landmark: string;
          order_id: string;
          order_number: string;
          product_name: string;
          quantity: number;
          recipient_name: string;
          total_cents: number;
          tracking_token: string;
        }[];
      };
      payout_balances: {
        Args: { p_user_id: string };
        Returns: {
          available: number;
          awaiting_cash: number;
          commissions: number;
          completed: number;
          earned: number;
          fees: number;
          gross: number;
          pending: number;
          requested: number;
          review: number;
        }[];
      };
      reapply_for_link: {
        Args: { p_campaign_id: string };
        Returns: {
          attempt: number;
          campaign_id: string;
          created_at: string;
          decided_at: string | null;
          decided_by: string | null;
          id: string;
          influencer_id: string;
          is_approved: boolean;
          reapplied_at: string | null;
          short_code: string | null;
          status: Database["public"]["Enums"]["link_status"];
          updated_at: string;
        };
        SetofOptions: {
          from: "*";
          to: "affiliate_links";
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      record_confirmation_call: {
        Args: { p_note?: string; p_order_id: string; p_outcome: string };
        Returns: {
          affiliate_link_id: string;
          business_gross_cents: number;
          business_id: string;
          business_net_cents: number;
          campaign_id: string;
          cancellation_reason: Database["public"]["Enums"]["order_cancellation_reason"] | null;
          click_id: string | null;
          commission_cents: number;
          commission_rate: number;
          confirmation: Database["public"]["Enums"]["order_confirmation"];
          courier_id: string | null;
          created_at: string;
          delivery_commune: string;
          delivery_commune_code: string;
          delivery_district: string;
          delivery_fee_cents: number;
          id: string;
          influencer_id: string;
          order_number: string;
          platform_fee_cents: number;
          product_name: string;
          quantity: number;
          review_status: Database["public"]["Enums"]["order_review_status"] | null;
          source: Database["public"]["Enums"]["click_source"] | null;
          status: Database["public"]["Enums"]["order_status"];
          subtotal_cents: number;
          total_cents: number;
          unit_price_cents: number;
          updated_at: string;
        };
        SetofOptions: {
          from: "*";
          to: "orders";
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      record_remittance: {
        Args: {
          p_aba_reference: string;
          p_amount_cents: number;
          p_courier_id: string;
          p_orders: Json;
          p_received_at: string;
        };
        Returns: {
          aba_reference: string;
          amount_cents: number;
          courier_id: string;
          id: string;
          received_at: string;
          recorded_at: string;
          recorded_by: string;
          reversal_reason: string | null;
          reversed_at: string | null;
          reversed_by: string | null;
        };
        SetofOptions: {
          from: "*";
          to: "remittances";
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      reject_payout_request: {
        Args: { p_reason: string; p_user_id: string };
        Returns: {
          aba_reference: string | null;
          account_name: string | null;
          account_number: string | null;
          amount_cents: number;
          bank_name: string | null;
          cancelled_at: string | null;
          completed_at: string | null;
          completed_by: string | null;
          covered_products: string[];
          covered_transactions: number;
          fee_cents: number;
          gross_cents: number;
          id: string;
          khqr: string | null;
          rejected_at: string | null;
          rejected_by: string | null;
          rejection_reason: string | null;
          requested_at: string;
          status: Database["public"]["Enums"]["payout_status"];
          user_id: string;
        };
        SetofOptions: {
          from: "*";
          to: "payout_requests";
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      request_payout: {
        Args: Record<PropertyKey, never>;
        Returns: {
          aba_reference: string | null;
          account_name: string | null;
          account_number: string | null;
          amount_cents: number;
          bank_name: string | null;
          cancelled_at: string | null;
          completed_at: string | null;
          completed_by: string | null;
          covered_products: string[];
          covered_transactions: number;
          fee_cents: number;
          gross_cents: number;
          id: string;
          khqr: string | null;
          rejected_at: string | null;
          rejected_by: string | null;
          rejection_reason: string | null;
          requested_at: string;
          status: Database["public"]["Enums"]["payout_status"];
          user_id: string;
        };
        SetofOptions: {
          from: "*";
          to: "payout_requests";
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      reverse_remittance: {
        Args: { p_reason: string; p_remittance_id: string };
        Returns: {
          aba_reference: string;
          amount_cents: number;
          courier_id: string;
          id: string;
          received_at: string;
          recorded_at: string;
          recorded_by: string;
          reversal_reason: string | null;
          reversed_at: string | null;
          reversed_by: string | null;
        };
        SetofOptions: {
          from: "*";
          to: "remittances";
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      review_order: {
        Args: { p_decision: string; p_order_id: string };
        Returns: {
          affiliate_link_id: string;
          business_gross_cents: number;
          business_id: string;
          business_net_cents: number;
          campaign_id: string;
          cancellation_reason: Database["public"]["Enums"]["order_cancellation_reason"] | null;
          click_id: string | null;
          commission_cents: number;
          commission_rate: number;
          confirmation: Database["public"]["Enums"]["order_confirmation"];
          courier_id: string | null;
          created_at: string;
          delivery_commune: string;
          delivery_commune_code: string;
          delivery_district: string;
          delivery_fee_cents: number;
          id: string;
          influencer_id: string;
          order_number: string;
          platform_fee_cents: number;
          product_name: string;
          quantity: number;
          review_status: Database["public"]["Enums"]["order_review_status"] | null;
          source: Database["public"]["Enums"]["click_source"] | null;
          status: Database["public"]["Enums"]["order_status"];
          subtotal_cents: number;
          total_cents: number;
          unit_price_cents: number;
          updated_at: string;
        };
        SetofOptions: {
          from: "*";
          to: "orders";
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      revoke_courier_link: { Args: { p_courier_id: string; p_link_id: string }; Returns: undefined };
      search_order_ids_by_phone: {
        Args: { p_before_id?: string; p_before_placed_at?: string; p_digits: string; p_limit?: number };
        Returns: string[];
      };
      set_storefront_links: {
        Args: { p_link_ids: string[] };
        Returns: {
          affiliate_link_id: string;
          influencer_id: string;
          position: number;
        }[];
        SetofOptions: {
          from: "*";
          to: "storefront_links";
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      set_user_status: {
        Args: { p_reason?: string; p_status: string; p_user_id: string };
        Returns: {
          account_name: string | null;
          account_number: string | null;
          bank_name: string | null;
          business_logo_url: string | null;
          business_name: string | null;
          created_at: string;
          decided_at: string | null;
          decided_by: string | null;
          email: string;
          full_name: string | null;
          id: string;
          is_approved: boolean;
          khqr: string | null;
          phone: string | null;
          platform: Database["public"]["Enums"]["social_platform"] | null;
          rejection_reason: string | null;
          social_media_page: string | null;
          status: Database["public"]["Enums"]["account_status"];
          store_handle: string | null;
          store_phone: string | null;
          suspension_reason: string | null;
          updated_at: string;
          user_type: Database["public"]["Enums"]["user_type"];
        };
        SetofOptions: {
          from: "*";
          to: "users";
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      update_courier: {
        Args: {
          p_active?: boolean;
          p_id: string;
          p_keeps_delivery_fee?: boolean;
          p_kind?: string;
          p_name?: string;
          p_phone?: string;
        };
        Returns: {
          active: boolean;
          created_at: string;
          id: string;
          keeps_delivery_fee: boolean;
          kind: Database["public"]["Enums"]["courier_kind"];
          name: string;
          phone: string;
          updated_at: string;
        };
        SetofOptions: {
          from: "*";
          to: "couriers";
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      update_keyword_trigger: {
        Args: { p_is_active: boolean; p_template: string; p_trigger_id: string };
        Returns: {
          affiliate_link_id: string;
          campaign_id: string;
          created_at: string;
          dm_template_text: string;
          id: string;
          influencer_id: string;
          is_active: boolean;
          keyword: string;
        };
        SetofOptions: {
          from: "*";
          to: "keyword_triggers";
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      update_marketplace_settings: {
        Args: {
          p_commission_hold_days?: number;
          p_courier_remit_days?: number;
          p_max_commission_rate?: number;
          p_refusal_flag_min_finished?: number;
          p_refusal_flag_percent?: number;
          p_release_after_remittance?: boolean;
          p_repeat_phone_hours?: number;
          p_repeat_phone_orders?: number;
          p_riel_per_usd?: number;
          p_unconfirmed_cancel_hours?: number;
        };
        Returns: {
          commission_hold_days: number;
          courier_remit_days: number;
          id: boolean;
          max_commission_rate: number;
          refusal_flag_min_finished: number;
          refusal_flag_percent: number;
          release_after_remittance: boolean;
          repeat_phone_hours: number;
          repeat_phone_orders: number;
          riel_per_usd: number;
          unconfirmed_cancel_hours: number;
          updated_at: string;
          updated_by: string | null;
        };
        SetofOptions: {
          from: "*";
          to: "marketplace_settings";
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
    };
    Enums: {
      account_status: "pending_approval" | "approved" | "rejected" | "suspended";
      audit_action:
        | "user.approve"
        | "user.reject"
        | "link.approve"
        | "link.reject"
        | "order.status_change"
        | "order.review"
        | "payout.complete"
        | "settings.update"
        | "delivery_zone.update"
        | "user.suspend"
        | "user.reinstate"
        | "payout.reject"
        | "payout.reference_correct"
        | "order.confirmation_call"
        | "order.auto_cancel"
        | "courier.create"
        | "courier.update"
        | "order.courier_assign"
        | "courier.link_create"
        | "courier.link_revoke"
        | "remittance.record"
        | "remittance.reverse";
      audit_target_type:
        | "user"
        | "affiliate_link"
        | "order"
        | "payout_request"
        | "marketplace_settings"
        | "delivery_zone"
        | "courier"
        | "remittance";
      campaign_status: "active" | "inactive";
      cash_status: "with_courier" | "remitted" | "short";
      click_source: "qr" | "dm" | "comment" | "link" | "fb_comment" | "fb_dm" | "store";
      confirmation_call_outcome: "confirmed" | "no_answer" | "wrong_number";
      courier_kind: "company" | "freelance";
      device_class: "mobile" | "tablet" | "desktop";
      keyword_event_kind: "comment" | "dm";
      keyword_event_outcome: "pending" | "sent" | "failed" | "skipped";
      keyword_skip_reason: "no_keyword" | "trigger_off" | "campaign_inactive" | "account_suspended";
      ledger_account_kind:
        "influencer" | "business" | "platform_fees" | "delivery_cash" | "courier_cash" | "delivery_fees";
      ledger_line:
        "cash_collected" | "commission" | "gross" | "platform_fee" | "payout" | "delivery_fee" | "remittance";
      ledger_transaction_kind: "delivery" | "delivery_reversal" | "payout" | "remittance" | "remittance_reversal";
      link_status: "pending" | "approved" | "rejected";
      order_cancellation_reason:
        | "customer_refused"
        | "customer_unreachable"
        | "out_of_stock"
        | "duplicate"
        | "suspected_fraud"
        | "other"
        | "customer_cancelled";
      order_confirmation: "unconfirmed" | "confirmed_by_customer" | "confirmed_by_phone";
      order_count_scope: "platform" | "business" | "influencer" | "link";
      order_flag: "self_order" | "repeat_phone" | "high_refusal_link";
      order_review_status: "held" | "cleared";
      order_status: "new_order" | "ready_for_pickup" | "out_for_delivery" | "delivered" | "cancelled";
      payout_status: "pending" | "completed" | "cancelled" | "rejected";
      place_kind: "capital" | "province" | "khan" | "srok" | "krong" | "sangkat" | "khum";
      rider_step: "picked_up" | "delivered" | "refused" | "unreachable";
      session_end_reason:
        | "signed_out"
        | "signed_out_everywhere"
        | "refresh_token_reused"
        | "idle"
        | "password_changed"
        | "password_reset"
        | "suspended";
      social_platform: "instagram" | "facebook";
      telegram_language: "en" | "km";
      telegram_notice_kind:
        | "new_order"
        | "payout_completed"
        | "new_signup"
        | "order_status"
        | "order_outcome"
        | "cash_remitted"
        | "courier_cash_reminder"
        | "connection_refused";
      user_type: "business" | "influencer" | "admin";
    };
    CompositeTypes: {
      [_ in never]: never;
    };
  };
};

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">;

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">];

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    keyof (DefaultSchema["Tables"] & DefaultSchema["Views"]) | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R;
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] & DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R;
      }
      ? R
      : never
    : never;

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I;
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I;
      }
      ? I
      : never
    : never;

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U;
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U;
      }
      ? U
      : never
    : never;

export type Enums<
  DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"] | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never;

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    keyof DefaultSchema["CompositeTypes"] | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never;

export const Constants = {
  private: {
    Enums: {
      public_route: ["short_link", "order_page", "rider_page"],
    },
  },
  public: {
    Enums: {
      account_status: ["pending_approval", "approved", "rejected", "suspended"],
      audit_action: [
        "user.approve",
        "user.reject",
        "link.approve",
        "link.reject",
        "order.status_change",
        "order.review",
        "payout.complete",
        "settings.update",
        "delivery_zone.update",
        "user.suspend",
        "user.reinstate",
        "payout.reject",
        "payout.reference_correct",
        "order.confirmation_call",
        "order.auto_cancel",
        "courier.create",
        "courier.update",
        "order.courier_assign",
        "courier.link_create",
        "courier.link_revoke",
        "remittance.record",
        "remittance.reverse",
      ],
      audit_target_type: [
        "user",
        "affiliate_link",
        "order",
        "payout_request",
        "marketplace_settings",
        "delivery_zone",
        "courier",
        "remittance",
      ],
      campaign_status: ["active", "inactive"],
      cash_status: ["with_courier", "remitted", "short"],
      click_source: ["qr", "dm", "comment", "link", "fb_comment", "fb_dm", "store"],
      confirmation_call_outcome: ["confirmed", "no_answer", "wrong_number"],
      courier_kind: ["company", "freelance"],
      device_class: ["mobile", "tablet", "desktop"],
      keyword_event_kind: ["comment", "dm"],
      keyword_event_outcome: ["pending", "sent", "failed", "skipped"],
      keyword_skip_reason: ["no_keyword", "trigger_off", "campaign_inactive", "account_suspended"],
      ledger_account_kind: [
        "influencer",
        "business",
        "platform_fees",
        "delivery_cash",
        "courier_cash",
        "delivery_fees",
      ],
      ledger_line: ["cash_collected", "commission", "gross", "platform_fee", "payout", "delivery_fee", "remittance"],
      ledger_transaction_kind: ["delivery", "delivery_reversal", "payout", "remittance", "remittance_reversal"],
      link_status: ["pending", "approved", "rejected"],
      order_cancellation_reason: [
        "customer_refused",
        "customer_unreachable",
        "out_of_stock",
        "duplicate",
        "suspected_fraud",
        "other",
        "customer_cancelled",
      ],
      order_confirmation: ["unconfirmed", "confirmed_by_customer", "confirmed_by_phone"],
      order_count_scope: ["platform", "business", "influencer", "link"],
      order_flag: ["self_order", "repeat_phone", "high_refusal_link"],
      order_review_status: ["held", "cleared"],
      order_status: ["new_order", "ready_for_pickup", "out_for_delivery", "delivered", "cancelled"],
      payout_status: ["pending", "completed", "cancelled", "rejected"],
      place_kind: ["capital", "province", "khan", "srok", "krong", "sangkat", "khum"],
      rider_step: ["picked_up", "delivered", "refused", "unreachable"],
      session_end_reason: [
        "signed_out",
        "signed_out_everywhere",
        "refresh_token_reused",
        "idle",
        "password_changed",
        "password_reset",
        "suspended",
      ],
      social_platform: ["instagram", "facebook"],
      telegram_language: ["en", "km"],
      telegram_notice_kind: [
        "new_order",
        "payout_completed",
        "new_signup",
        "order_status",
        "order_outcome",
        "cash_remitted",
        "courier_cash_reminder",
        "connection_refused",
      ],
      user_type: ["business", "influencer", "admin"],
    },
  },
} as const;
