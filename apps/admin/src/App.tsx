import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { Layout } from './components/Layout';
import { AcceptInvitePage } from './pages/AcceptInvite';
import { ActivityPage } from './pages/Activity';
import { AdminsPage } from './pages/Admins';
import { BannersPage } from './pages/Banners';
import { CategoriesPage } from './pages/Categories';
import { CouponsPage } from './pages/Coupons';
import { CurrenciesPage } from './pages/Currencies';
import { CustomersPage } from './pages/Customers';
import { DashboardPage } from './pages/Dashboard';
import { DeliveryRulesPage } from './pages/DeliveryRules';
import { FailedJobsPage } from './pages/FailedJobs';
import { GiftCardsPage } from './pages/GiftCards';
import { NotificationsPage } from './pages/Notifications';
import { OrderDetailPage } from './pages/OrderDetail';
import { OrdersPage } from './pages/Orders';
import { ProductsPage } from './pages/Products';
import { ProductEditPage } from './pages/product-edit/ProductEditPage';
import { ReviewsPage } from './pages/Reviews';
import { RolesPage } from './pages/Roles';
import { ReturnDetailPage } from './pages/returns/ReturnDetailPage';
import { ReturnsPage } from './pages/returns/ReturnsPage';
import { SettingsPage } from './pages/Settings';
import { ShippingMethodsPage } from './pages/ShippingMethods';
import { SignInPage } from './pages/SignIn';
import { StaffPage } from './pages/Staff';
import { TaxCategoriesPage } from './pages/TaxCategories';
import { TaxRatesPage } from './pages/TaxRates';
import { TaxRulesPage } from './pages/tax-rules/TaxRulesPage';
import { theme } from './theme';
import { createQueryClient, createTrpcClient, TRPCProvider } from './trpc';

const router = createBrowserRouter(
  [
    { path: '/sign-in', element: <SignInPage /> },
    // The invitation e-mail's link: public, outside the signed-in frame (no session yet).
    { path: '/accept-invite', element: <AcceptInvitePage /> },
    {
      element: <Layout />,
      children: [
        { index: true, element: <DashboardPage /> },
        { path: 'orders', element: <OrdersPage /> },
        { path: 'orders/:id', element: <OrderDetailPage /> },
        { path: 'returns', element: <ReturnsPage /> },
        { path: 'returns/:id', element: <ReturnDetailPage /> },
        { path: 'products', element: <ProductsPage /> },
        { path: 'products/new', element: <ProductEditPage /> },
        { path: 'products/:id', element: <ProductEditPage /> },
        { path: 'categories', element: <CategoriesPage /> },
        { path: 'coupons', element: <CouponsPage /> },
        { path: 'gift-cards', element: <GiftCardsPage /> },
        { path: 'banners', element: <BannersPage /> },
        { path: 'currencies', element: <CurrenciesPage /> },
        { path: 'shipping-methods', element: <ShippingMethodsPage /> },
        { path: 'tax-categories', element: <TaxCategoriesPage /> },
        { path: 'tax-rules', element: <TaxRulesPage /> },
        { path: 'tax-rates', element: <TaxRatesPage /> },
        { path: 'delivery-rules', element: <DeliveryRulesPage /> },
        { path: 'customers', element: <CustomersPage /> },
        { path: 'reviews', element: <ReviewsPage /> },
        { path: 'settings', element: <SettingsPage /> },
        { path: 'staff', element: <StaffPage /> },
        { path: 'roles', element: <RolesPage /> },
        { path: 'admins', element: <AdminsPage /> },
        { path: 'notifications', element: <NotificationsPage /> },
        { path: 'failed-jobs', element: <FailedJobsPage /> },
        { path: 'activity', element: <ActivityPage /> },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ],
  { basename: '/admin' },
);

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <RouterProvider router={router} />
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
